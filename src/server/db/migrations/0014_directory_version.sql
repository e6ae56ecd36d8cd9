CREATE TABLE "directory_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "directory_version_single_row" CHECK ("directory_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "directory_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Once per statement, not per row: a 30,000-point import bumps the version once. The row update
-- is part of the changing transaction, so a reader never sees the new version before the data.
CREATE FUNCTION "bump_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "directory_version_points" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pickup_points"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
CREATE TRIGGER "directory_version_partners" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partners"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
CREATE TRIGGER "directory_version_services" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partner_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
-- Also under session_replication_role = replica (the embedded database's bulk writes).
ALTER TABLE "pickup_points" ENABLE ALWAYS TRIGGER "directory_version_points";
--> statement-breakpoint
ALTER TABLE "partners" ENABLE ALWAYS TRIGGER "directory_version_partners";
--> statement-breakpoint
ALTER TABLE "partner_services" ENABLE ALWAYS TRIGGER "directory_version_services";
