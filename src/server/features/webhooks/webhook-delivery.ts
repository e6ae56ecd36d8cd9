// The delivery worker: every instance with a job queue runs one. It leases the oldest pending
// delivery of each (endpoint, ordering key) — so one shipment's events go out one after another,
// in order — sends a batch of them at once, and records each attempt. Any instance may take any
// delivery: the lease (`locked_until`) is set by one UPDATE that re-checks it, so two instances
// never send the same delivery at once, and a lease of a process that died runs out.
// Retries: 5xx, 408, 429, timeouts, refused or failed connections, with growing waits, until 24
// hours after the event; then the delivery fails and the key's next one goes. A 410 turns the
// endpoint off. Other answers (3xx: redirects are not followed, 4xx) fail the delivery at once.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '#server/db/client.ts';
import { WEBHOOK_LOG_SIZE } from '#shared/contract/webhooks.ts';
import { SOCKETS_PER_HOST, sendWebhook, type SendOutcome } from './webhook-send.ts';
import { webhookAttempts } from '#server/observability/metrics.ts';

export interface WebhookOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: http and private addresses allowed (on-premise receivers, tests). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Wait before the n-th retry (the last one repeats). */
  retryDelaysMs: readonly number[];
  /** No retry later than this after the event. */
  retryForMs: number;
  /** How often an idle worker looks for due deliveries (other instances' events, retries). */
  pollMs: number;
  /** Deliveries sent at once. */
  batch: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowPrivate: false,
  timeoutMs: 10 * SECOND,
  retryDelaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR],
  retryForMs: 24 * HOUR,
  pollMs: 500,
  batch: 256,
};

/** How long a batch's rows stay leased: every request of the batch may wait for a connection and then take the whole time limit. */
export const leaseMs = (o: WebhookOptions) => o.timeoutMs * Math.ceil(o.batch / SOCKETS_PER_HOST) + 30 * SECOND;

interface Leased extends Record<string, unknown> {
  id: number;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  body: string;
  attempts: number;
  created_at: Date | string;
  url: string;
  secret: string;
  previous_secret: string | null;
}

/** `refused`: this server may not send to the receiver's address (private, local, plain http, or no URL): no delivery to it can succeed. */
type Verdict = 'delivered' | 'retry' | 'failed' | 'gone' | 'refused';

export function verdictOf(outcome: SendOutcome): Verdict {
  const { status } = outcome;
  if (status === null) return outcome.error === 'forbidden_address' || outcome.error === 'http_only' || outcome.error === 'invalid_url' ? 'refused' : 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status >= 500 || status === 408 || status === 429) return 'retry';
  return 'failed';
}

/** The wait before retry number `attempt` (1 = the first retry). */
export function retryDelay(options: WebhookOptions, attempt: number): number {
  const delays = options.retryDelaysMs;
  return delays[Math.min(attempt, delays.length) - 1] ?? 0;
}

export class WebhookWorker {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #options: WebhookOptions;
  #stopped = false;
  #wakeUp: (() => void) | null = null;
  #woken = false;
  #running: Promise<void> | null = null;
  #lastTrim = 0;
  readonly #touched = new Set<string>();

  constructor(db: Db, log: FastifyBaseLogger, options: WebhookOptions) {
    this.#db = db;
    this.#log = log;
    this.#options = options;
  }

  start(): void {
    this.#running ??= this.#loop();
  }

  /** Looks for deliveries now (a change of this instance queued some). */
  wake(): void {
    this.#woken = true;
    this.#wakeUp?.();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wakeUp?.();
    await this.#running;
  }

  async #loop(): Promise<void> {
    while (!this.#stopped) {
      let sent = 0;
      try {
        this.#woken = false;
        sent = await this.runOnce();
        if (Date.now() - this.#lastTrim > SECOND) await this.#trim();
      } catch (error) {
        if (!this.#stopped) this.#log.error({ err: error }, 'webhook delivery failed');
      }
      if (sent === 0 && !this.#woken && !this.#stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#options.pollMs);
          this.#wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wakeUp = null;
      }
    }
    await this.#trim().catch(() => undefined);
  }

  /** One batch: leases due deliveries, sends them, records the outcomes. Returns how many were sent. */
  async runOnce(): Promise<number> {
    const o = this.#options;
    // The lease outlasts the request's time limit; one UPDATE re-checks it, so only one instance wins a row.
    const leased = await queryRows<Leased>(
      this.#db,
      sql`
      with heads as (
        select distinct on (d.endpoint_id, d.ordering_key) d.id, d.endpoint_id, d.next_attempt_at, d.locked_until
        from webhook_deliveries d
        where d.state = 'pending'
        order by d.endpoint_id, d.ordering_key, d.id
      ), ready as (
        select h.id from heads h join webhook_endpoints e on e.id = h.endpoint_id
        where e.enabled and h.next_attempt_at <= now() and (h.locked_until is null or h.locked_until < now())
        order by h.id limit ${o.batch}
      )
      update webhook_deliveries d
      set locked_until = now() + make_interval(secs => ${leaseMs(o) / SECOND}), attempts = d.attempts + 1
      from ready, webhook_endpoints e
      where d.id = ready.id and e.id = d.endpoint_id and d.state = 'pending' and (d.locked_until is null or d.locked_until < now())
      returning d.id, d.endpoint_id, d.message_id, d.event_type, d.body, d.attempts, d.created_at, e.url, e.secret,
        case when e.previous_until > now() then e.previous_secret end as previous_secret`,
    );
    if (leased.length === 0) return 0;
    const outcomes = await Promise.all(
      leased.map(async (row) => {
        const secrets = row.previous_secret ? [row.secret, row.previous_secret] : [row.secret];
        const outcome = await sendWebhook(row.url, { id: row.message_id, body: row.body, secrets }, { allowPrivate: o.allowPrivate, timeoutMs: o.timeoutMs });
        return { row, outcome, verdict: verdictOf(outcome) };
      }),
    );
    const now = Date.now();
    const results = outcomes.map(({ row, outcome, verdict }) => {
      let state: 'pending' | 'delivered' | 'failed' = verdict === 'delivered' ? 'delivered' : verdict === 'retry' ? 'pending' : 'failed';
      const next = now + retryDelay(o, Number(row.attempts));
      if (state === 'pending' && next > new Date(row.created_at).getTime() + o.retryForMs) state = 'failed';
      return { row, outcome, verdict, state, next: new Date(state === 'pending' ? next : now).toISOString() };
    });
    await this.#db.transaction(async (tx) => {
      await tx.execute(sql`
        update webhook_deliveries d
        set state = v.state, next_attempt_at = v.next::timestamptz, locked_until = null,
          finished_at = case when v.state = 'pending' then null else now() end
        from unnest(${sql.param(results.map((r) => Number(r.row.id)))}::bigint[], ${sql.param(results.map((r) => r.state))}::text[],
                    ${sql.param(results.map((r) => r.next))}::text[]) as v(id, state, next)
        where d.id = v.id`);
      await tx.execute(sql`
        insert into webhook_attempts (endpoint_id, delivery_id, message_id, event_type, attempt, status, error, duration_ms)
        select * from unnest(${sql.param(results.map((r) => r.row.endpoint_id))}::uuid[], ${sql.param(results.map((r) => Number(r.row.id)))}::bigint[],
          ${sql.param(results.map((r) => r.row.message_id))}::text[], ${sql.param(results.map((r) => r.row.event_type))}::text[],
          ${sql.param(results.map((r) => Number(r.row.attempts)))}::int[], ${sql.param(results.map((r) => r.outcome.status))}::int[],
          ${sql.param(results.map((r) => r.outcome.error))}::text[], ${sql.param(results.map((r) => r.outcome.durationMs))}::int[])`);
      const gone = [...new Set(results.filter((r) => r.verdict === 'gone').map((r) => r.row.endpoint_id))];
      if (gone.length > 0) {
        await tx.execute(sql`update webhook_endpoints set enabled = false, disabled_reason = 'gone' where id = any(${sql.param(gone)}::uuid[])`);
        this.#log.warn({ endpoints: gone }, 'webhook endpoint answered 410 Gone: turned off');
      }
      // An address this server may not send to (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES turned off since it
      // was registered, or a name that now resolves to a private address): off, with the reason shown.
      const refused = [...new Set(results.filter((r) => r.verdict === 'refused').map((r) => r.row.endpoint_id))];
      if (refused.length > 0) {
        await tx.execute(sql`update webhook_endpoints set enabled = false, disabled_reason = 'address_not_allowed' where id = any(${sql.param(refused)}::uuid[])`);
        this.#log.warn({ endpoints: refused }, 'webhook receiver address not allowed: endpoint turned off');
      }
    });
    for (const r of results) {
      this.#touched.add(r.row.endpoint_id);
      webhookAttempts.inc({ outcome: r.verdict });
    }
    return leased.length;
  }

  /** Keeps the last WEBHOOK_LOG_SIZE attempts of each endpoint, and the finished deliveries they name. */
  async #trim(): Promise<void> {
    this.#lastTrim = Date.now();
    const endpoints = [...this.#touched];
    this.#touched.clear();
    for (const endpoint of endpoints) await trimLog(this.#db, endpoint);
  }
}

export async function trimLog(db: Db, endpointId: string): Promise<void> {
  await db.execute(sql`
    delete from webhook_attempts where endpoint_id = ${endpointId} and id < (
      select id from webhook_attempts where endpoint_id = ${endpointId} order by id desc offset ${WEBHOOK_LOG_SIZE - 1} limit 1)`);
  await db.execute(sql`
    delete from webhook_deliveries d where d.endpoint_id = ${endpointId} and d.state <> 'pending'
      and not exists (select 1 from webhook_attempts a where a.endpoint_id = ${endpointId} and a.delivery_id = d.id)`);
}
