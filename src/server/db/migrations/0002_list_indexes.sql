DROP INDEX "shipments_company_created_idx";--> statement-breakpoint
DROP INDEX "shipments_created_idx";--> statement-breakpoint
DROP INDEX "shipments_company_status_idx";--> statement-breakpoint
DROP INDEX "shipments_company_country_idx";--> statement-breakpoint
DROP INDEX "shipments_status_idx";--> statement-breakpoint
DROP INDEX "shipments_partner_idx";--> statement-breakpoint
DROP INDEX "shipments_method_idx";--> statement-breakpoint
CREATE INDEX "shipments_company_created_idx" ON "shipments" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_company_status_idx" ON "shipments" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_company_country_idx" ON "shipments" USING btree ("company_id","receiver_country","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_partner_idx" ON "shipments" USING btree ("partner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_method_idx" ON "shipments" USING btree ("delivery_method","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);