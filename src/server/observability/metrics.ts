// Prometheus metrics (issue 30, README note 113): one registry of this process, scraped at
// GET /metrics (METRICS_TOKEN) or on METRICS_PORT (loopback). Counters live here, so that the
// code that counts (imports, webhooks, feeds) imports one of them rather than being handed a
// registry; what is read from the database or the pool at a scrape comes from the sources the
// app registers (watchSources). Each instance exposes its own figures: Prometheus adds the
// instance label when it scrapes each of them.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';

export const registry = new Registry();

let defaultsOn = false;
/** Process metrics (CPU, memory, heap spaces, event-loop lag and delay, GC, handles): only once something can read them. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
}

/** Requests by route pattern (never the raw path: bounded label values), method and status; its _count is the request count. */
export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route pattern, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'portal_rate_limit_refusals_total',
  help: 'Requests refused with 429 (a rate limit, a company budget or a heavy-work slot), by route pattern.',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const importRows = new Counter({
  name: 'portal_import_rows_total',
  help: 'Rows of import files processed, by result (created: a shipment; failed: a row error). rate() gives rows per second.',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'portal_webhook_attempts_total',
  help: 'Webhook delivery attempts, by outcome (delivered, retry, failed, gone).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const partnerEvents = new Counter({
  name: 'portal_partner_events_total',
  help: "Events in partners' tracking feeds, by result (recorded, duplicate, rejected, not_found).",
  labelNames: ['result'] as const,
  registers: [registry],
});

export const pointFeedRuns = new Counter({
  name: 'portal_point_feed_runs_total',
  help: "Fetches of partners' pickup-point lists, by result (imported, refused, failed).",
  labelNames: ['result'] as const,
  registers: [registry],
});

/** What a scrape reads besides the counters: the app's database (pool, job queue tables). */
interface Sources {
  db: Db;
  jobQueue: boolean;
}
let sources: Sources | null = null;

/** The app's database for the scrape-time gauges; the returned function forgets it (the app's onClose). */
export function watchSources(next: Sources): () => void {
  sources = next;
  return () => {
    if (sources === next) sources = null;
  };
}

const poolOf = (db: Db): pg.Pool | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

new Gauge({
  name: 'portal_db_pool_connections',
  help: "The application's PostgreSQL pool (not pg-boss's own): connections in use, idle, and callers waiting for one. Absent on the embedded database.",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = sources ? poolOf(sources.db) : null;
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

type QueueRow = {
  name: string;
  ready: number;
  deferred: number;
  active: number;
  oldest: number;
};
let reading: Promise<QueueRow[]> | null = null;
/** The job queues' figures, read once for the two gauges of a scrape (the registry collects its metrics at once). */
function queueRows(): Promise<QueueRow[]> {
  if (!sources?.jobQueue) return Promise.resolve([]);
  reading ??= queryRows<QueueRow>(
    sources.db,
    // Jobs are rows of pg-boss's table, shared by every instance.
    sql`select name,
          count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
          count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
          count(*) filter (where state = 'active')::int as active,
          coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as oldest
        from pgboss.job where state in ('created', 'retry', 'active') group by name`,
  )
    .catch(() => [])
    .finally(() => {
      reading = null;
    });
  return reading;
}

new Gauge({
  name: 'portal_job_queue_jobs',
  help: 'Jobs per queue and state: ready (due, waiting for a worker), deferred (due later) and active.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    const rows = await queueRows();
    this.reset();
    for (const row of rows) {
      this.set({ queue: row.name, state: 'ready' }, Number(row.ready));
      this.set({ queue: row.name, state: 'deferred' }, Number(row.deferred));
      this.set({ queue: row.name, state: 'active' }, Number(row.active));
    }
  },
});

new Gauge({
  name: 'portal_job_queue_oldest_ready_seconds',
  help: 'Per queue, how long the oldest due job has waited for a worker (0 when none waits).',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const rows = await queueRows();
    this.reset();
    for (const row of rows) this.set({ queue: row.name }, Number(row.oldest));
  },
});
