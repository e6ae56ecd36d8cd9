// Writing webhook messages into the outbox (webhook_deliveries), in the transaction of the change
// they tell of: a change that rolls back sends nothing, one that commits is delivered at least
// once. One row per subscribed, enabled endpoint of the company; none when nobody listens.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

export interface WebhookEvent {
  type: string;
  /** Deliveries of one key go out in the order they were written (a shipment's item number, `import:<id>`). */
  orderingKey: string;
  data: Record<string, unknown>;
}

const workers = new Set<() => void>();

/** The delivery workers of this process (one per app) learn of new deliveries at once; others find them at their next poll. */
export function onWebhookQueued(wake: () => void): () => void {
  workers.add(wake);
  return () => workers.delete(wake);
}

/** Wakes this process's workers (after queuing outside a transaction, or once it is committed). */
export function notifyWebhookWorkers(): void {
  for (const wake of workers) wake();
}

/** A message id (webhook-id): one per event, the same for every endpoint and every attempt. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** The JSON text sent and signed: Standard Webhooks' envelope. */
export function messageBody(event: WebhookEvent, at: Date): string {
  return JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });
}

/**
 * Queues `events` of `companyId` for every endpoint subscribed to their types. Call it inside the
 * change's transaction. `events` may be a function: it is called only when some endpoint of the
 * company listens (so that a change nobody listens to builds no payloads).
 */
export async function enqueueWebhookEvents(tx: Db, companyId: string, events: readonly WebhookEvent[] | (() => readonly WebhookEvent[] | Promise<readonly WebhookEvent[]>)): Promise<void> {
  const [listening] = await queryRows<{ types: string[] | null }>(
    tx,
    sql`select array_agg(distinct t) as types from webhook_endpoints e, unnest(e.event_types) t where e.company_id = ${companyId} and e.enabled`,
  );
  const types = new Set(listening?.types ?? []);
  if (types.size === 0) return;
  const all = typeof events === 'function' ? await events() : events;
  const wanted = all.filter((event) => types.has(event.type));
  if (wanted.length === 0) return;
  const at = new Date();
  const ids = wanted.map(() => newMessageId());
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, message_id, event_type, ordering_key, body)
    select e.id, v.message_id, v.event_type, v.ordering_key, v.body
    from unnest(${sql.param(ids)}::text[], ${sql.param(wanted.map((e) => e.type))}::text[], ${sql.param(wanted.map((e) => e.orderingKey))}::text[],
                ${sql.param(wanted.map((e) => messageBody(e, at)))}::text[])
      with ordinality as v(message_id, event_type, ordering_key, body, n)
    join webhook_endpoints e on e.company_id = ${companyId} and e.enabled and v.event_type = any(e.event_types)
    order by v.n, e.id`);
  // Before the commit: a worker that looks too early finds the rows at its next poll.
  notifyWebhookWorkers();
}
