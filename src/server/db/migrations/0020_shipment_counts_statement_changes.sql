-- Updates and deletes count their buckets once per statement, in key order, like inserts (0007).
-- The row trigger of 0004 took each changed row's two buckets in turn: a statement that changes
-- several parcels (a batch scan, a manifest) locked buckets in the order of its rows, and
-- shipment_totals (0019) in the order of shipment_counts' key, which includes the day. Two
-- transactions could so take the same two buckets in opposite orders and deadlock (seen on
-- PostgreSQL: two parcels of one company moving between the same statuses on different days).
-- Here a statement's changes are summed per bucket (-1 for each old row, +1 for each new one)
-- and written in one upsert per table, ordered by that table's own key; buckets that reach 0 are
-- deleted afterwards (they are already locked by then). A statement-level UPDATE trigger with
-- transition tables may not name columns, so it runs on every update of shipments; a statement
-- that moves no bucket sums to nothing and writes nothing.
DROP TRIGGER "shipment_counts_sync" ON "shipments";
--> statement-breakpoint
DROP FUNCTION "shipment_counts_sync"();
--> statement-breakpoint
DROP FUNCTION "shipment_counts_add"(uuid, date, "shipment_status", char(2), "delivery_method", integer, bigint);
--> statement-breakpoint
-- One function for both triggers: a DELETE trigger has no new_rows, and PL/pgSQL plans a
-- statement only when it first runs it, so the UPDATE branch is never planned there.
CREATE FUNCTION "shipment_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		INSERT INTO "shipment_counts" AS c ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
		SELECT "company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", sum("d")
		  FROM (SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date AS "day", "status", "receiver_country", "delivery_method", "partner_id", -1 AS "d" FROM old_rows
		        UNION ALL
		        SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date, "status", "receiver_country", "delivery_method", "partner_id", 1 FROM new_rows) AS changes
		 GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum("d") <> 0
		 ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ON CONSTRAINT "shipment_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
		INSERT INTO "shipment_totals" AS t ("company_id", "status", "receiver_country", "delivery_method", "partner_id", "n")
		SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", sum("d")
		  FROM (SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", -1 AS "d" FROM old_rows
		        UNION ALL
		        SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", 1 FROM new_rows) AS changes
		 GROUP BY 1, 2, 3, 4, 5
		HAVING sum("d") <> 0
		 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ON CONSTRAINT "shipment_totals_key" DO UPDATE SET "n" = t."n" + excluded."n";
	ELSE
		INSERT INTO "shipment_counts" AS c ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
		SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date, "status", "receiver_country", "delivery_method", "partner_id", -count(*)
		  FROM old_rows
		 GROUP BY 1, 2, 3, 4, 5, 6
		 ORDER BY 1, 2, 3, 4, 5, 6
		ON CONFLICT ON CONSTRAINT "shipment_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
		INSERT INTO "shipment_totals" AS t ("company_id", "status", "receiver_country", "delivery_method", "partner_id", "n")
		SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", -count(*)
		  FROM old_rows
		 GROUP BY 1, 2, 3, 4, 5
		 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT ON CONSTRAINT "shipment_totals_key" DO UPDATE SET "n" = t."n" + excluded."n";
	END IF;
	-- The buckets this statement took points from, if they reached 0: locked by this transaction
	-- since the upserts above (a bucket is deleted by the statement that empties it, so no other
	-- transaction's committed 0 is ever found), so deleting them waits for nobody.
	DELETE FROM "shipment_counts" AS c
	 USING (SELECT DISTINCT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date AS "day", "status", "receiver_country", "delivery_method", "partner_id" FROM old_rows) AS k
	 WHERE c."n" = 0 AND c."company_id" = k."company_id" AND c."day" = k."day" AND c."status" = k."status"
	   AND c."receiver_country" = k."receiver_country" AND c."delivery_method" = k."delivery_method"
	   AND c."partner_id" IS NOT DISTINCT FROM k."partner_id";
	DELETE FROM "shipment_totals" AS t
	 USING (SELECT DISTINCT "company_id", "status", "receiver_country", "delivery_method", "partner_id" FROM old_rows) AS k
	 WHERE t."n" = 0 AND t."company_id" = k."company_id" AND t."status" = k."status"
	   AND t."receiver_country" = k."receiver_country" AND t."delivery_method" = k."delivery_method"
	   AND t."partner_id" IS NOT DISTINCT FROM k."partner_id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shipment_counts_update"
	AFTER UPDATE ON "shipments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "shipment_counts_delete"
	AFTER DELETE ON "shipments" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_change"();
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipment_counts_update";
--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipment_counts_delete";
