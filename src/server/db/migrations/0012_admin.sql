CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"company_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "pickup_address_credentials" (
	"pickup_address_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"credentials" text NOT NULL,
	CONSTRAINT "pickup_address_credentials_pickup_address_id_partner_id_pk" PRIMARY KEY("pickup_address_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (translate(lower(name), 'áàâäãåāăąÁÀÂÄÃÅĀĂĄčćçČĆÇďđĎĐéèêëěēęÉÈÊËĚĒĘíìîïīÍÌÎÏĪĺľłĹĽŁňńñŇŃÑóòôöõőøōÓÒÔÖÕŐØŌŕřŔŘšśşșŠŚŞȘťţțŤŢȚúùûüůűūÚÙÛÜŮŰŪýÿÝŸžźżŽŹŻ', 'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeiiiiiiiiiillllllnnnnnnoooooooooooooooorrrrssssssssttttttuuuuuuuuuuuuuuyyyyzzzzzz')) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city_folded" text GENERATED ALWAYS AS (translate(lower(city), 'áàâäãåāăąÁÀÂÄÃÅĀĂĄčćçČĆÇďđĎĐéèêëěēęÉÈÊËĚĒĘíìîïīÍÌÎÏĪĺľłĹĽŁňńñŇŃÑóòôöõőøōÓÒÔÖÕŐØŌŕřŔŘšśşșŠŚŞȘťţțŤŢȚúùûüůűūÚÙÛÜŮŰŪýÿÝŸžźżŽŹŻ', 'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeiiiiiiiiiillllllnnnnnnoooooooooooooooorrrrssssssssttttttuuuuuuuuuuuuuuyyyyzzzzzz')) STORED;--> statement-breakpoint
ALTER TABLE "pickup_addresses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_clients_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_address_credentials" ADD CONSTRAINT "pickup_address_credentials_pickup_address_id_pickup_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."pickup_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_address_credentials" ADD CONSTRAINT "pickup_address_credentials_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_name_folded_idx" ON "companies" USING btree ("name_folded","id");