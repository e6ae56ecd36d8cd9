// What a new shipment is checked against, kept by this instance for a few seconds (issue 34,
// README note 132): a client's products (with whether it may still create) and its company's live
// pickup addresses, and the partner routing of each combination. Four of a create's eleven
// statements read them, and they change only through administrators:
// - on this instance every cached read is forgotten when an admin's write succeeds
//   (`forgetOnAdminWrites`, http/admin-writes.ts), before its answer leaves;
// - on another instance within `ttlMs` (ACTIVE_CACHE_MS, 5 s: the bound a disabled client or an
//   ended session already has there, active-clients.ts).
// Imports read once per import and the demo seed inside its transaction: neither uses it.
import type { ProductsMap } from '#shared/domain/shipment-rules.ts';
import type { ForgetsAll } from '#server/http/admin-writes.ts';
import type { RoutedPartner } from './partner-routing.ts';

/** Entries kept at most per kind; all of that kind are forgotten when it is reached. */
const MAX_ENTRIES = 10_000;

/** A client's reference data: null products when the client is disabled. */
export interface ClientTargets {
  products: ProductsMap | null;
  addresses: { ids: ReadonlySet<string>; defaultId: string | null };
}

export interface TargetCache extends ForgetsAll {
  /** The client's reference data: as read within `ttlMs`, else by `read` (concurrent misses share one read). */
  client(clientId: string, read: () => Promise<ClientTargets>): Promise<ClientTargets>;
  /** A routing combination's partner: as read within `ttlMs`, else by `read`. */
  partner(key: string, read: () => Promise<RoutedPartner | null>): Promise<RoutedPartner | null>;
}

/** One kind of entry: kept until `until`, a read under way shared, a forget in between not kept. */
function kept<T>(ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: T; until: number }>();
  const reading = new Map<string, Promise<T>>();
  let generation = 0;
  return {
    get(key: string, read: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value);
      const pending = reading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const started = read()
        .then((value) => {
          if (ttlMs > 0 && startedIn === generation) {
            if (entries.size >= MAX_ENTRIES) entries.clear();
            entries.set(key, { value, until: now() + ttlMs });
          }
          return value;
        })
        .finally(() => {
          if (reading.get(key) === started) reading.delete(key);
        });
      reading.set(key, started);
      return started;
    },
    forgetAll() {
      generation++;
      entries.clear();
      reading.clear();
    },
  };
}

/** `ttlMs`: how long a read is trusted here (0 keeps nothing: every create reads). */
export function targetCache(ttlMs: number, now: () => number = Date.now): TargetCache {
  const clients = kept<ClientTargets>(ttlMs, now);
  const partners = kept<RoutedPartner | null>(ttlMs, now);
  return {
    client: (clientId, read) => clients.get(clientId, read),
    partner: (key, read) => partners.get(key, read),
    forgetAll() {
      clients.forgetAll();
      partners.forgetAll();
    },
  };
}
