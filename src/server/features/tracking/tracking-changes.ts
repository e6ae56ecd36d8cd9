// "The tracking of these shipments changed": the one message every writer of what a lookup shows
// sends, and every instance's lookup cache (tracking-cache.ts) hears. It is a PostgreSQL
// notification (NOTIFY) sent inside the writer's own transaction, so it is delivered when that
// transaction commits and never when it rolls back; every instance LISTENs on one connection of
// its own. On PGlite (one process, db/data-dir-lock.ts) the notification reaches the listener as
// the COMMIT returns, before the writer's transaction promise resolves: invalidation is exact.
//
// Writers call trackingChanged(tx, shipmentIds) in the transaction that changes a shipment's
// status, its events, or what a lookup shows of its partner ('all'). A shipment being created
// needs no call: a lookup that found nothing is not cached.
//
// LISTEN needs a session of its own: behind a transaction-pooling PgBouncer the listening
// connection must go straight to PostgreSQL (or through a session-pooled port) — the pool's
// connection string is reused, so name such a port in DATABASE_URL, or the cache falls back to
// its TTL alone (tracking-cache.ts states the bound).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '#server/db/client.ts';

export const TRACKING_CHANNEL = 'tracking_changed';

/** PostgreSQL refuses payloads of 8,000 bytes or more: ids are sent in pieces below that. */
const PAYLOAD_MAX = 7_900;
const ALL = '*';
const SYNC_PREFIX = 'sync:';

/** The notifications' payloads: shipment ids joined by commas, each payload under PostgreSQL's limit. */
export function changePayloads(shipmentIds: readonly number[] | 'all'): string[] {
  if (shipmentIds === 'all') return [ALL];
  const payloads: string[] = [];
  let current = '';
  for (const id of new Set(shipmentIds)) {
    const text = String(id);
    if (current.length + text.length + 1 > PAYLOAD_MAX) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${text}` : text;
  }
  if (current) payloads.push(current);
  return payloads;
}

/**
 * Tells every instance that what a lookup shows of these shipments changed ('all': of any, e.g. a
 * partner's tracking page). Call it with the writer's transaction: the notification goes out at
 * its commit. One statement whatever the number of ids.
 */
export async function trackingChanged(db: Db, shipmentIds: readonly number[] | 'all'): Promise<void> {
  const payloads = changePayloads(shipmentIds);
  if (payloads.length === 0) return;
  await db.execute(sql`select pg_notify(${TRACKING_CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`);
}

export type TrackingChange = { kind: 'shipments'; ids: number[] } | { kind: 'all' } | { kind: 'sync'; token: string };

export function parseChange(payload: string): TrackingChange {
  if (payload === ALL) return { kind: 'all' };
  if (payload.startsWith(SYNC_PREFIX)) return { kind: 'sync', token: payload.slice(SYNC_PREFIX.length) };
  // A payload this version cannot read is treated as "anything may have changed".
  if (!/^\d{1,15}(,\d{1,15})*$/.test(payload)) return { kind: 'all' };
  return { kind: 'shipments', ids: payload.split(',').map(Number) };
}

/** Sends a marker through the channel; the listener hears it after every change committed before it. */
export async function sendSync(db: Db, token: string): Promise<void> {
  await db.execute(sql`select pg_notify(${TRACKING_CHANNEL}, ${SYNC_PREFIX + token})`);
}

export interface ChangeHandlers {
  change(change: TrackingChange): void;
  /**
   * true once LISTEN is in place (again): changes from now on are heard; false when the listening
   * connection is lost: changes may go unheard until it is back.
   */
  listening(on: boolean): void;
}

export interface ChangeListener {
  close(): Promise<void>;
}

/** The driver behind a Drizzle database (as client.ts's pgliteClientOf reads it). */
function driverOf(db: Db): unknown {
  return (db as unknown as { session: { client: unknown } }).session.client;
}

/** Which database the Drizzle database speaks to. */
export function databaseKind(db: Db): 'pglite' | 'postgres' {
  const driver = driverOf(db);
  if (driver instanceof PGlite) return 'pglite';
  if (driver instanceof pg.Pool) return 'postgres';
  throw new Error('tracking changes: unknown database driver');
}

/** Listens on the channel with the database's own driver: PGlite's listen, or a pg.Client of its own. */
export async function listenForTrackingChanges(db: Db, handlers: ChangeHandlers, warn: (message: string) => void, listenUrl?: string): Promise<ChangeListener> {
  const driver = driverOf(db);
  if (driver instanceof PGlite) {
    const unlisten = await driver.listen(TRACKING_CHANNEL, (payload) => handlers.change(parseChange(payload)));
    handlers.listening(true);
    return {
      close: async () => {
        handlers.listening(false);
        if (!driver.closed) await unlisten();
      },
    };
  }
  // DATABASE_LISTEN_URL: LISTEN needs a session, which a transaction-pooling PgBouncer does not keep.
  if (driver instanceof pg.Pool) {
    return listenOnPostgres(listenUrl ? { connectionString: listenUrl, application_name: driver.options.application_name } : driver.options, handlers, warn);
  }
  throw new Error('tracking changes: unknown database driver');
}

/** Waits before reconnecting a lost listening connection: 0.25 s, doubling up to 5 s. */
const reconnectDelay = (attempt: number) => Math.min(5_000, 250 * 2 ** attempt);

async function listenOnPostgres(config: pg.ClientConfig, handlers: ChangeHandlers, warn: (message: string) => void): Promise<ChangeListener> {
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...config, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      handlers.listening(false);
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (closed) return;
      warn(`tracking cache: the listening connection was lost (${error?.message ?? 'ended'}); lookups are read from the database until it is back`);
      timer = setTimeout(() => void reconnect(), reconnectDelay(attempt++));
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === TRACKING_CHANNEL && message.payload !== undefined) handlers.change(parseChange(message.payload));
    });
    try {
      await next.connect();
      await next.query(`listen ${TRACKING_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      throw error;
    }
    client = next;
    attempt = 0;
    handlers.listening(true);
  };

  const reconnect = async () => {
    if (closed) return;
    // A failed attempt schedules the next one itself (onLost).
    await connect().catch(() => undefined);
  };

  // A first connection that fails is retried like a lost one: lookups go to the database meanwhile.
  await reconnect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      handlers.listening(false);
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners('notification');
        await last.end().catch(() => undefined);
      }
    },
  };
}
