-- The list's exact count without a date filter sums shipment_totals: the buckets of
-- shipment_counts without their day (a few hundred rows for every company together, where
-- shipment_counts holds one row per day as well: ~100,000 at a million shipments, ~8 ms to sum for
-- an ADMIN). Kept by the same triggers, in the same statements, in the same key order.
CREATE TABLE "shipment_totals" (
	"company_id" uuid NOT NULL,
	"status" "shipment_status" NOT NULL,
	"receiver_country" char(2) NOT NULL,
	"delivery_method" "delivery_method" NOT NULL,
	"partner_id" integer,
	"n" bigint NOT NULL,
	CONSTRAINT "shipment_totals_key" UNIQUE NULLS NOT DISTINCT("company_id","status","receiver_country","delivery_method","partner_id")
);
--> statement-breakpoint
ALTER TABLE "shipment_totals" SET (fillfactor = 80);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shipment_counts_add"(
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
	INSERT INTO "shipment_totals" AS t ("company_id", "status", "receiver_country", "delivery_method", "partner_id", "n")
	VALUES (p_company_id, p_status, p_receiver_country, p_delivery_method, p_partner_id, p_delta)
	ON CONFLICT ON CONSTRAINT "shipment_totals_key" DO UPDATE SET "n" = t."n" + excluded."n"
	RETURNING t."n" INTO left_n;
	IF left_n = 0 THEN
		DELETE FROM "shipment_totals"
		 WHERE "company_id" = p_company_id AND "status" = p_status
		   AND "receiver_country" = p_receiver_country AND "delivery_method" = p_delivery_method
		   AND "partner_id" IS NOT DISTINCT FROM p_partner_id AND "n" = 0;
	END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shipment_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "shipment_counts" AS c ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
	SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date, "status", "receiver_country", "delivery_method", "partner_id", count(*)
	  FROM new_rows
	 GROUP BY 1, 2, 3, 4, 5, 6
	 ORDER BY 1, 2, 3, 4, 5, 6
	ON CONFLICT ON CONSTRAINT "shipment_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
	INSERT INTO "shipment_totals" AS t ("company_id", "status", "receiver_country", "delivery_method", "partner_id", "n")
	SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", count(*)
	  FROM new_rows
	 GROUP BY 1, 2, 3, 4, 5
	 ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ON CONSTRAINT "shipment_totals_key" DO UPDATE SET "n" = t."n" + excluded."n";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shipment_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE "shipment_counts", "shipment_totals";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shipment_counts_rebuild"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	total bigint;
BEGIN
	LOCK TABLE "shipments" IN SHARE MODE;
	DELETE FROM "shipment_counts";
	DELETE FROM "shipment_totals";
	INSERT INTO "shipment_counts" ("company_id", "day", "status", "receiver_country", "delivery_method", "partner_id", "n")
	SELECT "company_id", ("created_at" AT TIME ZONE 'Europe/Bratislava')::date, "status", "receiver_country", "delivery_method", "partner_id", count(*)
	  FROM "shipments"
	 GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO "shipment_totals" ("company_id", "status", "receiver_country", "delivery_method", "partner_id", "n")
	SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", sum("n")
	  FROM "shipment_counts"
	 GROUP BY 1, 2, 3, 4, 5;
	SELECT coalesce(sum("n"), 0) INTO total FROM "shipment_counts";
	RETURN total;
END
$$;
--> statement-breakpoint
INSERT INTO "shipment_totals" ("company_id", "status", "receiver_country", "delivery_method", "partner_id", "n")
SELECT "company_id", "status", "receiver_country", "delivery_method", "partner_id", sum("n")
  FROM "shipment_counts"
 GROUP BY 1, 2, 3, 4, 5;
