-- Rate-limit counters shared by the instances on one PostgreSQL (issue 20; db/limit-counters.ts).
-- UNLOGGED: a counter needs no WAL (one upsert per public lookup stays cheap), and after a crash
-- the table starts empty, as a restart of a single instance always did. fillfactor leaves room on
-- each page so that the counter's updates stay HOT (only the primary key is indexed).
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
) WITH (fillfactor = 80);
