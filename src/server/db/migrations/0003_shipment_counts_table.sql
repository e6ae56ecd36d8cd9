CREATE TABLE "shipment_counts" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" "shipment_status" NOT NULL,
	"receiver_country" char(2) NOT NULL,
	"delivery_method" "delivery_method" NOT NULL,
	"partner_id" integer,
	"n" bigint NOT NULL,
	CONSTRAINT "shipment_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","day","status","receiver_country","delivery_method","partner_id")
);
