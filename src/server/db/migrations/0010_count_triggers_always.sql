-- The embedded database's import inserts its checked rows with session_replication_role =
-- replica, which skips the per-row foreign-key triggers (the job checks those references once
-- per chunk instead: shipment-batch.ts). The shipment counts must still follow every insert,
-- update, delete and truncate, so their triggers fire in every replication role.
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipment_counts_insert";
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipment_counts_sync";
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipment_counts_truncate";
