CREATE TABLE "point_directory_feeds" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"every_hours" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"requested_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_import_id" uuid,
	"last_error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_directory_feeds_every_hours" CHECK ("point_directory_feeds"."every_hours" in (1, 2, 3, 4, 6, 8, 12, 24))
);
--> statement-breakpoint
ALTER TABLE "point_directory_feeds" ADD CONSTRAINT "point_directory_feeds_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_directory_feeds" ADD CONSTRAINT "point_directory_feeds_last_import_id_point_directory_imports_id_fk" FOREIGN KEY ("last_import_id") REFERENCES "public"."point_directory_imports"("id") ON DELETE set null ON UPDATE no action;