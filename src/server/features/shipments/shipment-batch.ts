// Many shipments at once, for imports: the single send form's rules and target
// (shipment-target.ts) for each row, and the creation of the valid ones in a few statements (the
// numbers, one insert of shipments, one of events) instead of a round trip per row. The points of a chunk are looked up at once and the partner routing is remembered per
// combination: a file repeats the same few.
import { getTableColumns, sql } from 'drizzle-orm';
import type { ShipmentCreateParsed } from '#shared/contract/shipments.ts';
import type { Product } from '#shared/domain/enums.ts';
import { checkShipmentRules, type RuleErrors } from '#shared/domain/shipment-rules.ts';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { pgliteClientOf, type Db } from '#server/db/client.ts';
import { missingReferencesOf } from '#server/db/missing-references.ts';
import { shipmentEvents, shipments } from '#server/db/schema.ts';
import type { Principal } from '../auth/public.ts';
import { formShipmentColumns, nextNumbers, shipmentNumbers } from './shipment-creation.ts';
import { resolveTargets, targetContext, type TargetContext } from './shipment-target.ts';

type NewShipment = typeof shipments.$inferInsert;
const COLUMNS = getTableColumns(shipments);

/** What an import's rows may ship with (read once per import). */
export type BatchContext = TargetContext;

export function batchContext(db: Db, principal: Principal): Promise<BatchContext> {
  return targetContext(db, principal);
}

export interface BatchRow {
  rowNumber: number;
  input: ShipmentCreateParsed;
}

export interface PreparedBatch {
  /** Ready to insert, numbers aside. */
  valid: Array<{ rowNumber: number; product: Product; values: Omit<NewShipment, 'itemNumber' | 'trackingNumber'> }>;
  /** Field (payload name) -> message ids, per row number. */
  failed: Array<{ rowNumber: number; errors: RuleErrors }>;
}

/** Checks every row with the single form's rules and target (the database ones included) and prepares the valid ones. */
export async function prepareBatch(db: Db, context: BatchContext, rows: readonly BatchRow[]): Promise<PreparedBatch> {
  const results = await resolveTargets(
    db,
    context,
    rows.map((row) => row.input),
    (input) => checkShipmentRules(input, context.products),
  );
  const prepared: PreparedBatch = { valid: [], failed: [] };
  results.forEach((result, index) => {
    const { rowNumber, input } = rows[index]!;
    if (result.ok) prepared.valid.push({ rowNumber, product: result.target.product, values: formShipmentColumns(input, { scope: context.scope, target: result.target }) });
    else prepared.failed.push({ rowNumber, errors: result.errors });
  });
  return prepared;
}

/** A value as PostgreSQL's COPY csv format reads it: unquoted empty is NULL, quoted "" is an empty string. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : String(value);
  return text === '' || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const NEEDS_QUOTES = /[",\r\n]/;

/** COPY's csv text of the rows (~35 columns a row, up to 100,000 rows an import): one cells array reused, one string a row. */
function copyText(values: readonly NewShipment[], keys: ReadonlyArray<keyof NewShipment>): string {
  const lines = new Array<string>(values.length);
  const cells = new Array<string>(keys.length);
  for (let row = 0; row < values.length; row++) {
    const value = values[row]!;
    for (let k = 0; k < keys.length; k++) cells[k] = csvField(value[keys[k]!]);
    lines[row] = cells.join(',');
  }
  return lines.join('\n');
}

/**
 * On PGlite: `count` consecutive values of the item-number, tracking-serial and shipment-id
 * sequences in one statement, by taking the next value of each and moving the sequence on past
 * the rest (2,000 nextval calls and their rows cost a tenth of a chunk). PGlite runs one
 * statement at a time, so nothing can take a value in between. The tracking serial cycles at its
 * maximum: a stretch that would run past it is taken one value at a time.
 */
async function reserveValues(pglite: Pick<PgliteTransaction, 'query'>, count: number): Promise<{ firstId: number; firstItem: number; serials: number[] }> {
  const { rows } = await pglite.query<{ id: string; item: string; serial: number; serial_last: string | null }>(
    `with taken as materialized (select nextval('item_number_seq') as item, nextval('tracking_serial_seq') as serial, nextval(pg_get_serial_sequence('shipments', 'id')) as id)
     select id::text, item::text, serial::int,
            setval('item_number_seq', item + $1 - 1) as item_last,
            setval(pg_get_serial_sequence('shipments', 'id'), id + $1 - 1) as id_last,
            case when serial + $1 - 1 <= (select seqmax from pg_sequence where seqrelid = 'tracking_serial_seq'::regclass)
                 then setval('tracking_serial_seq', serial + $1 - 1)::text end as serial_last
       from taken`,
    [count],
  );
  const [taken] = rows;
  if (!taken) throw new Error('sequences did not answer');
  const serials = [taken.serial];
  if (taken.serial_last !== null) for (let i = 1; i < count; i++) serials.push(taken.serial + i);
  else if (count > 1) {
    const more = await pglite.query<{ serial: number }>(`select nextval('tracking_serial_seq')::int as serial from generate_series(1, $1)`, [count - 1]);
    for (const row of more.rows) serials.push(row.serial);
  }
  return { firstId: Number(taken.id), firstItem: Number(taken.item), serials };
}

/**
 * Inserts the prepared shipments of an import with their numbers and CREATED events. Run inside
 * the caller's transaction, which also commits the import's progress: a resumed job starts after
 * the last committed chunk, and the (import_id, import_row) key refuses a row created twice by
 * two workers racing on one import (that chunk rolls back and the job retries). Answers how many
 * were created.
 */
export async function insertBatch(db: Db, principal: Principal, importId: string, valid: PreparedBatch['valid']): Promise<number> {
  if (valid.length === 0) return 0;
  const pglite = pgliteClientOf(db);
  if (pglite) return insertBatchPglite(db, pglite, principal, importId, valid);
  const byProduct = new Map<Product, typeof valid>();
  for (const row of valid) {
    const rows = byProduct.get(row.product);
    if (rows) rows.push(row);
    else byProduct.set(row.product, [row]);
  }
  const values: NewShipment[] = [];
  for (const [product, rows] of byProduct) {
    const numbers = await nextNumbers(db, product, rows.length);
    rows.forEach((row, index) => values.push(Object.assign(row.values, numbers[index]!, { importId, importRow: row.rowNumber })));
  }
  values.sort((a, b) => (a.importRow ?? 0) - (b.importRow ?? 0));
  const keys = Object.keys(values[0]!) as Array<keyof NewShipment>;
  const names = keys.map((key) => `"${COLUMNS[key].name}"`).join(', ');
  const first = values[0]!.importRow!;
  const last = values[values.length - 1]!.importRow!;
  const record = sql.raw(keys.map((key) => `"${COLUMNS[key].name}" ${COLUMNS[key].getSQLType()}`).join(', '));
  const rows = values.map((value) => Object.fromEntries(keys.map((key) => [COLUMNS[key].name, value[key]])));
  await db.execute(sql`insert into ${shipments} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${record})`);
  // A chunk's rows are a contiguous stretch of the file, all created by this transaction.
  const events = await db.execute(
    sql`insert into ${shipmentEvents} (shipment_id, status, source, client_id)
        select id, 'CREATED', 'import', ${principal.clientId}::uuid from ${shipments}
         where ${shipments.importId} = ${importId} and ${shipments.importRow} between ${first} and ${last}`,
  );
  return (events as unknown as { rowCount: number }).rowCount;
}

/**
 * PGlite: the rows go in by COPY with their ids, numbers and ids reserved in one statement
 * (reserveValues), and their CREATED events follow from those ids. Foreign keys: PostgreSQL
 * checks them with a trigger query per row and key (five per shipment, one more per event: a
 * third of the chunk's time on PGlite). The replica role skips those triggers (the counts'
 * triggers fire in every role, migration 0010) and one statement checks the distinct values the
 * chunk wrote instead. PGlite runs one transaction at a time, so no other writer can delete a
 * referenced row between the check and the commit.
 */
async function insertBatchPglite(db: Db, pglite: Pick<PgliteTransaction, 'query'>, principal: Principal, importId: string, valid: PreparedBatch['valid']): Promise<number> {
  const { firstId, firstItem, serials } = await reserveValues(pglite, valid.length);
  const values: Array<NewShipment & { id: number }> = [];
  // In row order: the file's rows get consecutive ids and item numbers.
  const sorted = [...valid].sort((a, b) => a.rowNumber - b.rowNumber);
  sorted.forEach((row, index) => values.push(Object.assign(row.values, shipmentNumbers(row.product, firstItem + index, serials[index]!), { id: firstId + index, importId, importRow: row.rowNumber })));
  const keys = Object.keys(values[0]!) as Array<keyof NewShipment>;
  const names = keys.map((key) => `"${COLUMNS[key].name}"`).join(', ');
  await pglite.query('set local session_replication_role = replica');
  // PGlite (WebAssembly) parses COPY's csv several times faster than a JSON parameter. COPY
  // writes the identity column's given values (as INSERT … OVERRIDING SYSTEM VALUE would).
  await pglite.query(`copy shipments (${names}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([copyText(values, keys)]) });
  const broken = await missingReferencesOf(db, shipments, values);
  if (broken.length > 0) throw new Error(`import ${importId} rows ${values[0]!.importRow}-${values[values.length - 1]!.importRow} break ${broken.join(', ')}`);
  // The events' keys: the shipments just written, and their client (checked above).
  const events = await pglite.query(`insert into shipment_events (shipment_id, status, source, client_id) select id, 'CREATED', 'import', $1::uuid from generate_series($2::bigint, $3::bigint) id`, [
    principal.clientId,
    firstId,
    firstId + values.length - 1,
  ]);
  await pglite.query('set local session_replication_role = origin');
  return events.affectedRows ?? 0;
}
