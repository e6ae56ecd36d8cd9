CREATE TYPE "public"."goods_type" AS ENUM('GOODS', 'SAMPLE', 'DOCUMENTS', 'GIFT');--> statement-breakpoint
CREATE TYPE "public"."point_type" AS ENUM('parcel_locker', 'pickup_point', 'other_pudo');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('DELETED', 'CREATED', 'MANIFESTED', 'ARRIVED', 'SENT');--> statement-breakpoint
CREATE SEQUENCE "public"."item_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."tracking_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 10000001 CACHE 1 CYCLE;--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"type" "point_type" NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"opening_hours" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" bigint NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"client_id" uuid
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_number" text NOT NULL,
	"tracking_number" text,
	"reference_number" text,
	"status" "shipment_status" DEFAULT 'CREATED' NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"pickup_address_id" uuid,
	"partner_id" integer,
	"partner_name" text,
	"product" "product" NOT NULL,
	"delivery_method" "delivery_method" NOT NULL,
	"goods_type" "goods_type" DEFAULT 'GOODS' NOT NULL,
	"receiver_company_name" text,
	"receiver_vat_number" text,
	"receiver_name" text NOT NULL,
	"receiver_address_line_1" text NOT NULL,
	"receiver_address_number" text,
	"receiver_address_line_2" text,
	"receiver_city" text NOT NULL,
	"receiver_postal_code" text NOT NULL,
	"receiver_country" char(2) NOT NULL,
	"receiver_region" text,
	"receiver_phone" text NOT NULL,
	"receiver_email" text NOT NULL,
	"pickup_point_id" text,
	"weight" numeric(8, 3) NOT NULL,
	"width" numeric(7, 1) NOT NULL,
	"height" numeric(7, 1) NOT NULL,
	"length" numeric(7, 1) NOT NULL,
	"quantity" integer,
	"hs_tariff_code" text,
	"cod_amount" numeric(12, 2),
	"insurance" numeric(12, 2),
	"content" text NOT NULL,
	"info" text,
	"label_sender_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_item_number_unique" UNIQUE("item_number"),
	CONSTRAINT "shipments_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pickup_address_id_pickup_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."pickup_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_points_country_idx" ON "pickup_points" USING btree ("country","city");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE INDEX "shipments_company_created_idx" ON "shipments" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_company_status_idx" ON "shipments" USING btree ("company_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_company_country_idx" ON "shipments" USING btree ("company_id","receiver_country","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_reference_idx" ON "shipments" USING btree ("company_id","reference_number");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_partner_idx" ON "shipments" USING btree ("partner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_method_idx" ON "shipments" USING btree ("delivery_method","created_at" DESC NULLS LAST);