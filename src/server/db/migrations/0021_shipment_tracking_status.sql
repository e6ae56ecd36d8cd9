-- The delivery status on the shipment (README note 103): its latest tracking milestone and when it
-- was reached, and updated_at moved by every change, for the list's filter and the sync paging.
ALTER TABLE "shipments" ADD COLUMN "tracking_status" text DEFAULT 'created' NOT NULL;--> statement-breakpoint
-- Without a default first: the backfill below fills it, the default comes after.
ALTER TABLE "shipments" ADD COLUMN "tracking_status_at" timestamp with time zone;--> statement-breakpoint
-- The milestone of every shipment from its events, the same state as `nextTrackingStatus`
-- (src/shared/domain/tracking-events.ts) reaches whatever order they came in: the highest stage
-- wins; in the last mile (out for delivery, ready for pickup, exception) its newest event, the one
-- recorded last on equal times; elsewhere the stage's first event. Kept as a function to repair
-- the column after anything that wrote events around the application (tests compare it with it).
CREATE FUNCTION "shipment_tracking_status_rebuild"() RETURNS bigint LANGUAGE sql AS $$
	WITH "milestones" ("code", "status", "stage") AS (
		VALUES ('CREATED', 'created', 0), ('MANIFESTED', 'created', 0), ('ARRIVED', 'handed_over', 1),
		       ('SENT', 'in_transit', 2), ('IN_TRANSIT', 'in_transit', 2), ('OUT_FOR_DELIVERY', 'out_for_delivery', 3),
		       ('AT_PICKUP_POINT', 'ready_for_pickup', 3), ('DELIVERY_FAILED', 'exception', 3), ('DELIVERED', 'delivered', 4),
		       ('RETURNED', 'returned', 5), ('DELETED', 'cancelled', 6)
	), "reached" AS (
		SELECT DISTINCT ON (e."shipment_id") e."shipment_id", m."status", e."occurred_at" AS "at"
		  FROM "shipment_events" e JOIN "milestones" m ON m."code" = e."status"
		 ORDER BY e."shipment_id", m."stage" DESC,
		          CASE WHEN m."stage" = 3 THEN e."occurred_at" END DESC NULLS LAST,
		          CASE WHEN m."stage" = 3 THEN e."id" END DESC NULLS LAST,
		          e."occurred_at", e."id"
	), "changed" AS (
		UPDATE "shipments" s SET "tracking_status" = r."status", "tracking_status_at" = r."at"
		  FROM "reached" r
		 WHERE s."id" = r."shipment_id" AND (s."tracking_status", s."tracking_status_at") IS DISTINCT FROM (r."status", r."at")
		RETURNING 1
	)
	SELECT count(*) FROM "changed"
$$;--> statement-breakpoint
-- The backfill changes no count bucket: the count triggers would only sum a million rows to nothing.
ALTER TABLE "shipments" DISABLE TRIGGER "shipment_counts_update";--> statement-breakpoint
SELECT "shipment_tracking_status_rebuild"();--> statement-breakpoint
UPDATE "shipments" SET "tracking_status_at" = "created_at" WHERE "tracking_status_at" IS NULL;--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipment_counts_update";--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "tracking_status_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "shipments" ALTER COLUMN "tracking_status_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_tracking_status_check" CHECK ("shipments"."tracking_status" in ('created', 'handed_over', 'in_transit', 'out_for_delivery', 'ready_for_pickup', 'exception', 'delivered', 'returned', 'cancelled'));--> statement-breakpoint
-- updated_at is the writing transaction's start (now()) on every update that changes the row,
-- whoever writes it (also in the replica role imports write in): the sync list's order. A sync
-- page only reaches up to the start of the oldest transaction still running (shipments.service.ts),
-- so a row committed later can never appear behind a cursor a client already holds.
CREATE FUNCTION "shipments_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW IS DISTINCT FROM OLD THEN
		NEW."updated_at" := now();
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "shipments_touch" BEFORE UPDATE ON "shipments" FOR EACH ROW EXECUTE FUNCTION "shipments_touch"();--> statement-breakpoint
ALTER TABLE "shipments" ENABLE ALWAYS TRIGGER "shipments_touch";--> statement-breakpoint
CREATE INDEX "shipments_company_sync_idx" ON "shipments" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "shipments_sync_idx" ON "shipments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "shipments_company_tracking_idx" ON "shipments" USING btree ("company_id","tracking_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
