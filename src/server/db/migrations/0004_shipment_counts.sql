-- Keeps shipment_counts (created by 0003) exact: one row per non-empty bucket of the list's
-- countable filters (company, Bratislava calendar day of created_at, status, destination country,
-- delivery method, partner), maintained by a trigger on shipments, and filled from the existing
-- rows. The migrator runs every pending migration in one transaction, and CREATE TRIGGER locks
-- shipments against writes until it commits, so no row can slip between the trigger and the fill.
--
-- Buckets that reach 0 are deleted rather than left at 0: statuses move on (CREATED, MANIFESTED,
-- ARRIVED, SENT), so every day's early-status buckets drain to 0 for good, and keeping them would
-- make the table (and the ADMIN count that sums all of it) grow several times over for nothing.
-- A concurrent increment of a bucket being deleted waits for the row lock and then inserts the
-- bucket afresh (INSERT … ON CONFLICT retries when the conflicting row disappears).

-- Adds `delta` to one bucket (creating it when missing) and deletes it when it reaches 0.
CREATE FUNCTION "shipment_counts_add"(
	p_company_id uuid, p_day date, p_status "shipment_status", p_receiver_country char(2),
	p_delivery_method "delivery_method", p_partner_id integer, p_delta bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	left_n bigint;
BEGIN
	INSERT INTO "shipment_counts" AS c ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
	VALUES (p_company_id, p_day, p_status, p_receiver_country, p_delivery_method, p_partner_id, p_delta)
	ON CONFLICT ON CONSTRAINT "shipment_counts_key" DO UPDATE SET "n" = c."n" + excluded."n"
	RETURNING c."n" INTO left_n;
	IF left_n = 0 THEN
		DELETE FROM "shipment_counts"
		 WHERE "company_id" = p_company_id AND "day" = p_day AND "status" = p_status
		   AND "receiver_country" = p_receiver_country AND "delivery_method" = p_delivery_method
		   AND "partner_id" IS NOT DISTINCT FROM p_partner_id AND "n" = 0;
	END IF;
END
$$;
--> statement-breakpoint
-- The row trigger: +1 to the new bucket, -1 to the old one. An UPDATE that leaves every bucket
-- column as it was (UPDATE OF fires whenever a column is SET, even to its old value) changes
-- nothing; one that moves the row touches the two buckets in key order, so two transactions moving
-- rows in opposite directions between the same two buckets wait for each other instead of
-- deadlocking.
CREATE FUNCTION "shipment_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_day date;
	new_day date;
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "shipment_counts_add"(NEW."company_id", (NEW."created_at" AT TIME ZONE 'Europe/Bratislava')::date, NEW."status",
			NEW."receiver_country", NEW."delivery_method", NEW."partner_id", 1);
		RETURN NULL;
	END IF;
	old_day := (OLD."created_at" AT TIME ZONE 'Europe/Bratislava')::date;
	IF TG_OP = 'DELETE' THEN
		PERFORM "shipment_counts_add"(OLD."company_id", old_day, OLD."status", OLD."receiver_country", OLD."delivery_method", OLD."partner_id", -1);
		RETURN NULL;
	END IF;
	new_day := (NEW."created_at" AT TIME ZONE 'Europe/Bratislava')::date;
	IF (OLD."company_id", old_day, OLD."status", OLD."receiver_country", OLD."delivery_method", OLD."partner_id")
	   IS NOT DISTINCT FROM (NEW."company_id", new_day, NEW."status", NEW."receiver_country", NEW."delivery_method", NEW."partner_id") THEN
		RETURN NULL;
	END IF;
	IF (OLD."company_id", old_day, OLD."status", OLD."receiver_country", OLD."delivery_method", coalesce(OLD."partner_id", 0))
	   < (NEW."company_id", new_day, NEW."status", NEW."receiver_country", NEW."delivery_method", coalesce(NEW."partner_id", 0)) THEN
		PERFORM "shipment_counts_add"(OLD."company_id", old_day, OLD."status", OLD."receiver_country", OLD."delivery_method", OLD."partner_id", -1);
		PERFORM "shipment_counts_add"(NEW."company_id", new_day, NEW."status", NEW."receiver_country", NEW."delivery_method", NEW."partner_id", 1);
	ELSE
		PERFORM "shipment_counts_add"(NEW."company_id", new_day, NEW."status", NEW."receiver_country", NEW."delivery_method", NEW."partner_id", 1);
		PERFORM "shipment_counts_add"(OLD."company_id", old_day, OLD."status", OLD."receiver_country", OLD."delivery_method", OLD."partner_id", -1);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE shipments empties the counts too (row triggers do not fire on TRUNCATE).
CREATE FUNCTION "shipment_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE "shipment_counts";
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rebuilds every bucket from shipments in one pass; answers the number of shipments counted.
-- Writers to shipments wait (SHARE lock) until the caller's transaction commits; readers do not.
-- Used below for the initial fill, by the benchmark after its bulk load with the trigger
-- disabled, and by hand after anything that bypassed the trigger
-- (`select shipment_counts_rebuild();`).
CREATE FUNCTION "shipment_counts_rebuild"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	total bigint;
BEGIN
	LOCK TABLE "shipments" IN SHARE MODE;
	DELETE FROM "shipment_counts";
	INSERT INTO "shipment_counts" ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
	SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date, "status", "receiver_country", "delivery_method", "partner_id", count(*)
	  FROM "shipments"
	 GROUP BY 1, 2, 3, 4, 5, 6;
	SELECT coalesce(sum("n"), 0) INTO total FROM "shipment_counts";
	RETURN total;
END
$$;
--> statement-breakpoint
-- Room on each page for HOT updates: the buckets of today are updated with every shipment.
ALTER TABLE "shipment_counts" SET (fillfactor = 80);
--> statement-breakpoint
CREATE TRIGGER "shipment_counts_sync"
	AFTER INSERT OR DELETE OR UPDATE OF "company_id", "created_at", "status", "receiver_country", "delivery_method", "partner_id"
	ON "shipments" FOR EACH ROW EXECUTE FUNCTION "shipment_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "shipment_counts_truncate" AFTER TRUNCATE ON "shipments" FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_clear"();
--> statement-breakpoint
SELECT "shipment_counts_rebuild"();
