// What the chaos script reads straight from the database after a round: the rows behind the
// answers the clients got (each import's shipments, each scanned parcel's events, each
// submission's shipments), the list counts against count(*), pg-boss's import jobs, and on PGlite
// the integrity of the data folder itself (amcheck over every B-tree index and every table).
// PGlite is opened here only while the server is stopped: a folder is one process's at a time.
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import pg from 'pg';
import { lockDataDir } from '#server/db/data-dir-lock.ts';

export type Query = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export type Backend = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Runs `work` with a query function on the round's database; on PGlite, the server must be stopped. */
export async function withDatabase<T>(backend: Backend, work: (query: Query, pglite: PGlite | null) => Promise<T>): Promise<T> {
  if (backend.kind === 'postgres') {
    const client = new pg.Client({ connectionString: backend.url });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows, null);
    } finally {
      await client.end();
    }
  }
  const unlock = lockDataDir(backend.dataDir);
  // The web app's offline engines run in this process with a stand-in `window`, which would make
  // PGlite's start-up take itself for a browser (IndexedDB, fetch): hidden while it starts.
  const { window } = globalThis as { window?: unknown };
  delete (globalThis as { window?: unknown }).window;
  try {
    const db = await PGlite.create({ dataDir: backend.dataDir, extensions: { amcheck } }).finally(() => Object.assign(globalThis, window === undefined ? {} : { window }));
    try {
      return await work(async <R extends Record<string, unknown>>(text: string, params?: unknown[]) => (await db.query<R>(text, params)).rows, db);
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

export interface ImportFacts {
  id: string;
  status: string;
  totalRows: number;
  successful: number;
  failed: number;
  progress: number;
  shipments: number;
  distinctRows: number;
  distinctReferences: number;
  rowErrors: number;
  /** pg-boss jobs of this import still waiting or running. */
  openJobs: number;
}

export async function importFacts(query: Query, ids: string[]): Promise<ImportFacts[]> {
  const rows = await query<{ id: string; status: string; total_rows: number; successful: number; failed: number; progress: number }>(
    'select id, status, total_rows, successful, failed, progress from imports where id = any($1::uuid[])',
    [ids],
  );
  const created = await query<{ import_id: string; n: string; rows: string; refs: string }>(
    'select import_id, count(*) as n, count(distinct import_row) as rows, count(distinct reference_number) as refs from shipments where import_id = any($1::uuid[]) group by import_id',
    [ids],
  );
  const errors = await query<{ import_id: string; n: string }>('select import_id, count(*) as n from import_row_errors where import_id = any($1::uuid[]) group by import_id', [ids]);
  const jobs = await query<{ import_id: string; n: string }>(
    "select data->>'importId' as import_id, count(*) as n from pgboss.job where name = 'import' and state in ('created', 'retry', 'active') and data->>'importId' = any($1::text[]) group by 1",
    [ids],
  );
  const by = <R extends { import_id: string }>(list: R[], id: string) => list.find((r) => r.import_id === id);
  return rows.map((r) => {
    const c = by(created, r.id);
    return {
      id: r.id,
      status: r.status,
      totalRows: r.total_rows,
      successful: r.successful,
      failed: r.failed,
      progress: r.progress,
      shipments: Number(c?.n ?? 0),
      distinctRows: Number(c?.rows ?? 0),
      distinctReferences: Number(c?.refs ?? 0),
      rowErrors: Number(by(errors, r.id)?.n ?? 0),
      openJobs: Number(by(jobs, r.id)?.n ?? 0),
    };
  });
}

/** Per scanned parcel: how many depot events of `status` it has (exactly one is right). */
export async function scanEventCounts(query: Query, trackingNumbers: string[], status: string): Promise<Map<string, number>> {
  const rows = await query<{ tracking_number: string; n: string }>(
    `select s.tracking_number, count(e.id) filter (where e.status = $2 and e.source = 'depot') as n
       from shipments s left join shipment_events e on e.shipment_id = s.id
      where s.tracking_number = any($1::text[]) group by s.tracking_number`,
    [trackingNumbers, status],
  );
  return new Map(rows.map((r) => [r.tracking_number, Number(r.n)]));
}

/** Shipments per reference number starting with `prefix` (exactly one each is right). */
export async function shipmentsPerReference(query: Query, prefix: string): Promise<Map<string, number>> {
  const rows = await query<{ reference_number: string; n: string }>(
    "select reference_number, count(*) as n from shipments where reference_number like $1 || '%' group by reference_number",
    [prefix],
  );
  return new Map(rows.map((r) => [r.reference_number, Number(r.n)]));
}

/** The shipments of references made more than once, with when each copy was created (UTC). */
export async function duplicateDetails(query: Query, prefix: string, limit = 3): Promise<string[]> {
  const rows = await query<{ reference_number: string; created: string[] }>(
    `select reference_number, array_agg(to_char(created_at at time zone 'UTC', 'HH24:MI:SS.MS') order by created_at) as created
       from shipments where reference_number like $1 || '%' group by reference_number having count(*) > 1 order by 1 limit $2`,
    [prefix, limit],
  );
  return rows.map((r) => `${r.reference_number} created at ${r.created.join(' and ')}`);
}

/** Buckets of shipment_counts that differ from count(*) of the shipments they stand for. */
export async function countMismatches(query: Query): Promise<{ buckets: number; countedSum: number; rows: number }> {
  const [diff] = await query<{ buckets: string }>(`
    with actual as (
      select company_id, (created_at at time zone 'Europe/Bratislava')::date as day, status, receiver_country, delivery_method, partner_id, count(*) as n
        from shipments group by 1, 2, 3, 4, 5, 6)
    select count(*) as buckets
      from actual a full join shipment_counts c
        on c.company_id = a.company_id and c.day = a.day and c.status = a.status and c.receiver_country is not distinct from a.receiver_country
       and c.delivery_method = a.delivery_method and c.partner_id is not distinct from a.partner_id
     where coalesce(a.n, 0) <> coalesce(c.n, 0)`);
  const [sums] = await query<{ counted: string; rows: string }>('select (select coalesce(sum(n), 0) from shipment_counts) as counted, (select count(*) from shipments) as rows');
  return { buckets: Number(diff?.buckets ?? 0), countedSum: Number(sums?.counted ?? 0), rows: Number(sums?.rows ?? 0) };
}

export interface Integrity {
  indexes: number;
  tables: number;
  /** Problems amcheck reported (index or heap), as text. */
  problems: string[];
}

/** amcheck over every B-tree index (with heapallindexed) and verify_heapam over every table. */
export async function checkIntegrity(db: PGlite): Promise<Integrity> {
  await db.exec('create extension if not exists amcheck');
  const problems: string[] = [];
  const indexes = await db.query<{ name: string }>(`
    select c.oid::regclass::text as name
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
     where a.amname = 'btree' and c.relkind = 'i' and n.nspname not in ('pg_toast') and c.relpersistence <> 't' and i.indisvalid`);
  for (const { name } of indexes.rows) {
    try {
      await db.query('select bt_index_check($1::regclass, true)', [name]);
    } catch (error) {
      problems.push(`index ${name}: ${(error as Error).message}`);
    }
  }
  const tables = await db.query<{ name: string }>(`
    select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'm', 't') and c.relpersistence <> 't'`);
  for (const { name } of tables.rows) {
    const found = await db.query<{ blkno: number; msg: string }>('select blkno, msg from verify_heapam($1::regclass)', [name]);
    for (const row of found.rows) problems.push(`table ${name} block ${row.blkno}: ${row.msg}`);
  }
  return { indexes: indexes.rows.length, tables: tables.rows.length, problems };
}
