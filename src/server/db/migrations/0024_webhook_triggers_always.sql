-- The embedded database's import inserts its checked rows with session_replication_role =
-- replica (migration 0010), which skips ordinary triggers: the webhook triggers fire always, so
-- an imported shipment sends shipment.created like any other.
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "webhook_shipments_inserted";
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "webhook_shipments_updated";
--> statement-breakpoint
ALTER TABLE "imports" ENABLE ALWAYS TRIGGER "webhook_imports_finished";
