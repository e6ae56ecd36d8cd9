CREATE TABLE "partner_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_request_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "partner_event_id" text;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_keys" ADD CONSTRAINT "partner_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_request_signatures_expiry_idx" ON "partner_request_signatures" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_partner_event_key" ON "shipment_events" USING btree ("source","partner_event_id") WHERE "shipment_events"."partner_event_id" is not null;--> statement-breakpoint
CREATE INDEX "shipment_events_depot_idx" ON "shipment_events" USING btree ("occurred_at") WHERE "shipment_events"."source" = 'depot';