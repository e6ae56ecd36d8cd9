CREATE TYPE "public"."delivery_method" AS ENUM('home_delivery', 'parcel_locker', 'pickup_point', 'other_pudo');--> statement-breakpoint
CREATE TYPE "public"."product" AS ENUM('UTR', 'TRC', 'PRM', 'RTN');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('USER', 'ADMIN', 'OFFICER', 'REPORTER');--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"swift" text NOT NULL,
	"bulk_payment_mode" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"role" "role" DEFAULT 'USER' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"country" char(2) NOT NULL,
	"company_identification_number" text NOT NULL,
	"tax_identification_number" text NOT NULL,
	"vat_identification_number" text,
	"invoice_street" text,
	"invoice_city" text,
	"invoice_zip" text,
	"invoice_country" char(2),
	"is_carrier" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_products" (
	"company_id" uuid NOT NULL,
	"country" char(2) NOT NULL,
	"product" "product" NOT NULL,
	CONSTRAINT "company_products_company_id_country_product_pk" PRIMARY KEY("company_id","country","product")
);
--> statement-breakpoint
CREATE TABLE "partner_services" (
	"partner_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"product" "product" NOT NULL,
	"delivery_method" "delivery_method" NOT NULL,
	CONSTRAINT "partner_services_partner_id_country_product_delivery_method_pk" PRIMARY KEY("partner_id","country","product","delivery_method")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"priority" smallint DEFAULT 5 NOT NULL,
	"tracking_url_template" text,
	CONSTRAINT "partners_code_unique" UNIQUE("code"),
	CONSTRAINT "partner_priority_range" CHECK ("partners"."priority" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "pickup_address_clients" (
	"pickup_address_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	CONSTRAINT "pickup_address_clients_pickup_address_id_client_id_pk" PRIMARY KEY("pickup_address_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "pickup_address_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pickup_address_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"product" "product" NOT NULL,
	"delivery_method" "delivery_method",
	CONSTRAINT "pickup_address_partner_key" UNIQUE NULLS NOT DISTINCT("pickup_address_id","country","product","delivery_method")
);
--> statement-breakpoint
CREATE TABLE "pickup_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_person" text NOT NULL,
	"street" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"country" char(2) NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"regular_pickup" boolean DEFAULT false NOT NULL,
	"pickup_days" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_days_range" CHECK ("pickup_addresses"."pickup_days" between 0 and 31)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_services" ADD CONSTRAINT "partner_services_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_address_clients" ADD CONSTRAINT "pickup_address_clients_pickup_address_id_pickup_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."pickup_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_address_clients" ADD CONSTRAINT "pickup_address_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_address_partners" ADD CONSTRAINT "pickup_address_partners_pickup_address_id_pickup_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."pickup_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_address_partners" ADD CONSTRAINT "pickup_address_partners_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_addresses" ADD CONSTRAINT "pickup_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_client_id_key" ON "clients" USING btree (lower("client_id"));--> statement-breakpoint
CREATE INDEX "clients_company_idx" ON "clients" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "pickup_addresses_company_idx" ON "pickup_addresses" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expiry_idx" ON "refresh_tokens" USING btree ("family_expires_at");