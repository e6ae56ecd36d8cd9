-- Inserts count their buckets once per statement instead of once per row: an import inserts a
-- thousand shipments in one statement, and the row trigger ran an upsert for each of them. The
-- statement trigger groups the new rows by bucket (in key order, like the row trigger's updates,
-- so concurrent writers queue instead of deadlocking). Inserts only add, so no bucket reaches 0
-- here. Updates and deletes keep the row trigger of 0004.
DROP TRIGGER "shipment_counts_sync" ON "shipments";
--> statement-breakpoint
CREATE TRIGGER "shipment_counts_sync"
	AFTER DELETE OR UPDATE OF "company_id", "created_at", "status", "receiver_country", "delivery_method", "partner_id"
	ON "shipments" FOR EACH ROW EXECUTE FUNCTION "shipment_counts_sync"();
--> statement-breakpoint
CREATE FUNCTION "shipment_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "shipment_counts" AS c ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
	SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date, "status", "receiver_country", "delivery_method", "partner_id", count(*)
	  FROM new_rows
	 GROUP BY 1, 2, 3, 4, 5, 6
	 ORDER BY 1, 2, 3, 4, 5, 6
	ON CONFLICT ON CONSTRAINT "shipment_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shipment_counts_insert"
	AFTER INSERT ON "shipments" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_insert"();
