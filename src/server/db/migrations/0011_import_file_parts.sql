-- Uploads are kept in parts (schema.ts importFiles); an upload stored before is its part 0.
ALTER TABLE "import_files" ADD COLUMN "part" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_files" DROP CONSTRAINT "import_files_pkey";--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_import_id_part_pk" PRIMARY KEY("import_id","part");
