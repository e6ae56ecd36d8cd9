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
import { keptReads } from '#server/kept-reads.ts';
import type { RoutedPartner } from './partner-routing.ts';

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

/** `ttlMs`: how long a read is trusted here (0 keeps nothing: every create reads). */
export function targetCache(ttlMs: number, now: () => number = Date.now): TargetCache {
  const clients = keptReads<ClientTargets>(ttlMs, now);
  const partners = keptReads<RoutedPartner | null>(ttlMs, now);
  return {
    client: (clientId, read) => clients.get(clientId, read),
    partner: (key, read) => partners.get(key, read),
    forgetAll() {
      clients.forgetAll();
      partners.forgetAll();
    },
  };
}
