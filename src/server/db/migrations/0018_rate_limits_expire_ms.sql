-- rate_limits becomes RateLimiterPostgres's own table (db/limit-counters.ts): `expire` in epoch
-- milliseconds, as the library writes and compares it.
ALTER TABLE "rate_limits" ALTER COLUMN "expire" SET DATA TYPE bigint USING (extract(epoch from "expire") * 1000)::bigint;
