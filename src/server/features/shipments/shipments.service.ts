// Shipments: the scoped list, detail and deletion (creation: shipment-creation.ts).
// Every query is kept to the caller's company by its CompanyScope (company-scope.ts); another
// company's shipment answers exactly like a missing one.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { decodeSyncCursor, encodeSyncCursor, type ShipmentListFilters, type SyncPosition } from '#shared/contract/shipments.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { clients, companies, shipmentCounts, shipmentEvents, shipments, shipmentTotals } from '#server/db/schema.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import { ApiError } from '#server/http-errors.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { advanceTrackingStatus, trackingChanged } from '../tracking/public.ts';
import { toShipment, type ShipmentRow } from './shipment-mapper.ts';

/** Calendar days of the date filters are those of the carrier's home time zone. */
const TIME_ZONE = 'Europe/Bratislava';

const notFound = () => new ApiError(404, 'not_found', serverMessages.notFound);

function listConditions(scope: CompanyScope, q: ShipmentListFilters): SQL[] {
  const where: SQL[] = [];
  const own = scope.rows(shipments.companyId);
  if (own) where.push(own);
  else if (q.company_id) where.push(eq(shipments.companyId, q.company_id));
  if (q.country) where.push(eq(shipments.receiverCountry, q.country));
  if (q.status) where.push(eq(shipments.status, q.status));
  if (q.reference_number) where.push(eq(shipments.referenceNumber, q.reference_number));
  if (q.item_number) where.push(eq(shipments.itemNumber, q.item_number.toUpperCase()));
  if (q.tracking_number) where.push(eq(shipments.trackingNumber, q.tracking_number.toUpperCase()));
  if (q.delivery_method) where.push(eq(shipments.deliveryMethod, q.delivery_method));
  if (q.partner_id) where.push(eq(shipments.partnerId, q.partner_id));
  if (q.tracking_status) where.push(eq(shipments.trackingStatus, q.tracking_status));
  if (q.label_printed !== undefined) where.push(q.label_printed ? isNotNull(shipments.labelPrintedAt) : isNull(shipments.labelPrintedAt));
  if (q.createdFrom) where.push(gte(shipments.createdAt, sql`(${q.createdFrom}::date::timestamp at time zone ${TIME_ZONE})`));
  if (q.createdTo) where.push(lt(shipments.createdAt, sql`((${q.createdTo}::date + 1)::timestamp at time zone ${TIME_ZONE})`));
  return where;
}

/**
 * The same filters over counted buckets, or null when a filter has no bucket column (reference,
 * item and tracking numbers: those hit selective indexes and count directly). With a date filter
 * the buckets are shipment_counts', per Bratislava calendar day of created_at, so `createdFrom`/
 * `createdTo` (whole days, both included) select exactly the buckets of the days between them;
 * without one they are shipment_totals' (the same buckets without the day: hundreds of rows, not
 * a hundred thousand).
 */
function countFrom(scope: CompanyScope, q: ShipmentListFilters) {
  // The delivery status has no bucket: its filter counts the rows of its index
  // (shipments_company_tracking_idx, index-only; README note 103). Nor has the label's printed status.
  if (q.reference_number || q.item_number || q.tracking_number || q.tracking_status || q.label_printed !== undefined) return null;
  const dated = q.createdFrom !== undefined || q.createdTo !== undefined;
  const table = dated ? shipmentCounts : shipmentTotals;
  const where: SQL[] = [];
  const own = scope.rows(table.companyId);
  if (own) where.push(own);
  else if (q.company_id) where.push(eq(table.companyId, q.company_id));
  if (q.country) where.push(eq(table.receiverCountry, q.country));
  if (q.status) where.push(eq(table.status, q.status));
  if (q.delivery_method) where.push(eq(table.deliveryMethod, q.delivery_method));
  if (q.partner_id) where.push(eq(table.partnerId, q.partner_id));
  if (q.createdFrom) where.push(gte(shipmentCounts.day, sql`${q.createdFrom}::date`));
  if (q.createdTo) where.push(lte(shipmentCounts.day, sql`${q.createdTo}::date`));
  return { n: table.n, table, where };
}

/** The exact number of shipments the list's filters select. */
async function countShipments(db: Db, scope: CompanyScope, q: ShipmentListFilters, where: SQL | undefined): Promise<number> {
  const buckets = countFrom(scope, q);
  if (!buckets) {
    const [total] = await db.select({ value: count() }).from(shipments).where(where);
    return total?.value ?? 0;
  }
  // sum(bigint) is numeric: cast back to bigint, which node-postgres and PGlite answer as text.
  const [total] = await db
    .select({ value: sql<string>`coalesce(sum(${buckets.n}), 0)::bigint` })
    .from(buckets.table)
    .where(and(...buckets.where));
  return Number(total?.value ?? 0);
}

/** An instant given in microseconds since 1970, exactly (a double would round it). */
const atMicros = (micros: number) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * Up to where a sync page may reach: the start of the oldest transaction still running (any
 * session of ours in one), else this statement's start. Rows get updated_at = their transaction's
 * now() (trigger shipments_touch), so every row that can still commit lies at or after it, and a
 * page that stops before it can never leave a later commit behind the client's cursor. Asked
 * before the page is read, in a statement of its own: a transaction that ends in between is then
 * seen by the page. On PGlite (one session) it is the statement's start.
 */
async function syncHorizon(db: Db): Promise<number> {
  const [row] = await queryRows<{ horizon: string }>(
    db,
    sql`select (extract(epoch from least(min(xact_start), statement_timestamp())) * 1000000)::bigint::text as horizon
          from pg_stat_activity where xact_start is not null and backend_type = 'client backend' and datname = current_database()`,
  );
  return Number(row!.horizon);
}

/**
 * The sync list (`updated_since`, `cursor`; README note 103): the changes after a position in
 * (updated_at, id) order, oldest first, on the index (company_id, updated_at, id) or (updated_at, id).
 */
async function syncShipments(db: Db, scope: CompanyScope, q: ShipmentListFilters) {
  const conflicting = (['skip', 'order'] as const).filter((f) => (f === 'skip' ? q.skip > 0 : q.order !== undefined));
  if (conflicting.length > 0) {
    throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: Object.fromEntries(conflicting.map((f) => [f, [messages.invalidValue.id]])) });
  }
  const since: SyncPosition | null = q.updated_since === undefined ? null : { updatedAtMicros: new Date(q.updated_since).getTime() * 1000, id: 0 };
  const position = (q.cursor === undefined ? null : decodeSyncCursor(q.cursor)) ?? since!;
  const horizon = await syncHorizon(db);
  const where = and(
    ...listConditions(scope, q),
    since && q.cursor !== undefined ? gte(shipments.updatedAt, atMicros(since.updatedAtMicros)) : undefined,
    sql`(${shipments.updatedAt}, ${shipments.id}) > (${atMicros(position.updatedAtMicros)}, ${position.id}::bigint)`,
    sql`${shipments.updatedAt} < ${atMicros(horizon)}`,
  );
  const micros = sql<string>`(extract(epoch from ${shipments.updatedAt}) * 1000000)::bigint::text`;
  const order = [asc(shipments.updatedAt), asc(shipments.id)];
  const rows = scope.all
    ? await db
        .select({ row: shipments, micros, companyName: companies.name })
        .from(shipments)
        .innerJoin(companies, eq(companies.id, shipments.companyId))
        .where(where)
        .orderBy(...order)
        .limit(q.take)
        .then((list) => list.map((r) => ({ shipment: toShipment(r.row, { company_name: r.companyName }), id: r.row.id, micros: r.micros })))
    : await db
        .select({ row: shipments, micros })
        .from(shipments)
        .where(where)
        .orderBy(...order)
        .limit(q.take)
        .then((list) => list.map((r) => ({ shipment: toShipment(r.row), id: r.row.id, micros: r.micros })));
  const last = rows.at(-1);
  const next = last ? { updatedAtMicros: Number(last.micros), id: last.id } : position;
  // A full page counts what is left from its start (an index range); a shorter one is all of it.
  const total = rows.length < q.take ? rows.length : ((await db.select({ value: count() }).from(shipments).where(where))[0]?.value ?? 0);
  return { shipments: rows.map((r) => r.shipment), count: total, next_cursor: encodeSyncCursor(next) };
}

export async function listShipments(db: Db, scope: CompanyScope, q: ShipmentListFilters) {
  if (!scope.all) {
    const adminOnly = (['company_id', 'delivery_method', 'partner_id'] as const).filter((f) => q[f] !== undefined);
    if (adminOnly.length > 0) throw new ApiError(403, 'forbidden', messages.forbidden, { fields: Object.fromEntries(adminOnly.map((f) => [f, [messages.forbidden.id]])) });
  }
  if (q.updated_since !== undefined || q.cursor !== undefined) return syncShipments(db, scope, q);
  const where = and(...listConditions(scope, q));
  const admin = scope.all;
  // Oldest first walks the same index backwards.
  const direction = q.order === 'oldest' ? asc : desc;
  const order = [direction(shipments.createdAt), direction(shipments.id)];
  // A deeper page finds its ids first: an index-only scan over the list index skips `skip`
  // entries, and only `take` rows are then read in full (not skip + take of them).
  const pageWhere =
    q.skip > 0
      ? inArray(shipments.id, db.select({ id: shipments.id }).from(shipments).where(where).orderBy(...order).limit(q.take).offset(q.skip))
      : where;
  const list = admin
    ? await db
        .select({ row: shipments, companyName: companies.name })
        .from(shipments)
        .innerJoin(companies, eq(companies.id, shipments.companyId))
        .where(pageWhere)
        .orderBy(...order)
        .limit(q.take)
        .then((rows) => rows.map((r) => toShipment(r.row, { company_name: r.companyName })))
    : await db
        .select()
        .from(shipments)
        .where(pageWhere)
        .orderBy(...order)
        .limit(q.take)
        .then((rows) => rows.map((row) => toShipment(row)));
  // A page that is neither full nor empty is the last one: it tells the exact count. Counting
  // (from shipment_counts, or index-only with the same conditions) is only needed otherwise.
  if (list.length > 0 && list.length < q.take) return { shipments: list, count: q.skip + list.length };
  if (list.length === 0 && q.skip === 0) return { shipments: list, count: 0 };
  return { shipments: list, count: await countShipments(db, scope, q, where) };
}

async function findScoped(db: Db, scope: CompanyScope, itemNumber: string): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.itemNumber, itemNumber.trim().toUpperCase()), scope.rows(shipments.companyId)));
  return row;
}

/** The status of a shipment the caller may see, or null. */
export async function shipmentStatus(db: Db, scope: CompanyScope, itemNumber: string) {
  return (await findScoped(db, scope, itemNumber))?.status ?? null;
}

export async function getShipment(db: Db, scope: CompanyScope, itemNumber: string) {
  const row = await findScoped(db, scope, itemNumber);
  if (!row) throw notFound();
  if (!scope.all) return toShipment(row);
  const [owner] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, row.clientId));
  return toShipment(row, { client_name: owner?.name ?? '' });
}

/**
 * Marks shipments DELETED (kept for history), all or nothing: when any named shipment is
 * missing, another company's, or no longer CREATED, nothing changes and the answer names them.
 */
export async function deleteShipments(db: Db, scope: CompanyScope, itemNumbers: string[]): Promise<string[]> {
  const wanted = [...new Set(itemNumbers.map((n) => n.trim().toUpperCase()))];
  return retriedTransaction(db, async (tx) => {
    const rows = await tx
      .select({ id: shipments.id, itemNumber: shipments.itemNumber, status: shipments.status })
      .from(shipments)
      .where(and(inArray(shipments.itemNumber, wanted), scope.rows(shipments.companyId)))
      .for('update');
    const deletable = new Map(rows.filter((r) => r.status === 'CREATED').map((r) => [r.itemNumber, r.id]));
    const refused = wanted.filter((n) => !deletable.has(n));
    if (refused.length > 0) {
      throw new ApiError(400, 'invalid_request', serverMessages.notDeletable, { values: { items: refused.join(', ') }, fields: { item_numbers: refused } });
    }
    const ids = [...deletable.values()];
    // updated_at follows by the trigger shipments_touch (the transaction's now(), note 103).
    await tx.update(shipments).set({ status: 'DELETED' }).where(inArray(shipments.id, ids));
    await tx.insert(shipmentEvents).values(ids.map((id) => ({ shipmentId: id, status: 'DELETED', source: 'portal', clientId: scope.principal.clientId })));
    await advanceTrackingStatus(tx, ids.map((shipmentId) => ({ shipmentId, code: 'DELETED' as const, at: null })));
    await trackingChanged(tx, ids);
    return wanted;
  });
}

/** A single delete: 404 when it is not the caller's to see, 400 when it is no longer CREATED. */
export async function deleteShipment(db: Db, scope: CompanyScope, itemNumber: string): Promise<string> {
  const row = await findScoped(db, scope, itemNumber);
  if (!row) throw notFound();
  await deleteShipments(db, scope, [row.itemNumber]);
  return row.itemNumber;
}
