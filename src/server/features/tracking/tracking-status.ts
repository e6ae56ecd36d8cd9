// The delivery status on the shipment (README note 103): `shipments.tracking_status` and
// `tracking_status_at` follow the events a shipment gets, through the one state machine
// `nextTrackingStatus` (src/shared/domain/tracking-events.ts). Every writer of shipment_events
// (depot scans, partner events, manifests, deletes) passes what it recorded, in its transaction;
// a new shipment starts at `created` by the columns' defaults. Changing the milestone moves
// updated_at (trigger shipments_touch), so the sync list hands the change out.
import { asc, sql } from 'drizzle-orm';
import { nextTrackingStatus, type TrackingEventCode, type TrackingState } from '#shared/domain/tracking-events.ts';
import type { Db } from '#server/db/client.ts';
import { shipments } from '#server/db/schema.ts';

export interface RecordedEvent {
  shipmentId: number;
  code: TrackingEventCode;
  /** When it happened; null for the transaction's now() (the events' default occurred_at). */
  at: Date | null;
}

export interface TrackingStatusChange extends TrackingState {
  shipmentId: number;
}

/**
 * Applies recorded events (in the order they were recorded) to their shipments' tracking status
 * and answers the shipments whose status or time changed. Locks the shipments' rows in id order
 * (FOR NO KEY UPDATE, which the events' foreign keys do not wait for), as the other writers do.
 */
export async function advanceTrackingStatus(tx: Db, events: readonly RecordedEvent[]): Promise<TrackingStatusChange[]> {
  if (events.length === 0) return [];
  const ids = [...new Set(events.map((e) => e.shipmentId))];
  const rows = await tx
    .select({ id: shipments.id, status: shipments.trackingStatus, at: shipments.trackingStatusAt, now: sql<Date>`now()`.mapWith(shipments.trackingStatusAt) })
    .from(shipments)
    .where(sql`${shipments.id} = any(${sql.param(ids)}::bigint[])`)
    .orderBy(asc(shipments.id))
    .for('no key update');
  const states = new Map<number, TrackingState>(rows.map((r) => [r.id, { status: r.status, at: r.at }]));
  const before = new Map(states);
  const now = rows[0]?.now ?? new Date();
  // States reached by an event of now(): written as now() itself (microseconds, like the event's
  // occurred_at), not as the millisecond Date that stood for it.
  const atNow = new WeakSet<TrackingState>();
  for (const event of events) {
    const current = states.get(event.shipmentId);
    if (!current) continue;
    const next = nextTrackingStatus(current, event.code, event.at ?? now);
    if (event.at === null && next !== current) atNow.add(next);
    states.set(event.shipmentId, next);
  }
  const changes: TrackingStatusChange[] = [];
  for (const [shipmentId, state] of states) {
    if (state !== before.get(shipmentId)) changes.push({ shipmentId, ...state });
  }
  if (changes.length > 0) {
    const ats = changes.map((c) => (atNow.has(states.get(c.shipmentId)!) ? null : c.at.toISOString()));
    await tx.execute(sql`
      update ${shipments} as s set tracking_status = v.status, tracking_status_at = coalesce(v.at, now())
        from unnest(${sql.param(changes.map((c) => c.shipmentId))}::bigint[], ${sql.param(changes.map((c) => c.status))}::text[],
                    ${sql.param(ats)}::timestamptz[]) as v(id, status, at)
       where s.id = v.id`);
  }
  return changes;
}
