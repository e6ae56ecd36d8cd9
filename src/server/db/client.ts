// Opens the database: embedded PGlite in a data folder (or in memory for tests), or PostgreSQL
// through DATABASE_URL. Both speak through the same Drizzle API and the same migrations.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions as JobQueueOptions } from 'pg-boss';
import { lockDataDir } from './data-dir-lock.ts';
import { ensureReferenceData } from './reference-data.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** pg-boss on the same database: PGlite through its adapter, PostgreSQL with a small pool of its own. */
  jobQueue: JobQueueOptions;
  /** Applies the migrations, then writes the reference data (partners, services) if missing. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** `dataDir` undefined means in memory. A folder is held by one process at a time (data-dir-lock.ts). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const client = await PGlite.create(dataDir ? { dataDir } : {}).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    jobQueue: { db: fromPglite(client), backend: 'pglite' },
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await ensureReferenceData(db);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export function openPostgres(url: string, onIdleError: (error: Error) => void = warnIdleError): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, terminated backend) is emitted here;
  // without a listener that 'error' event would end the whole process. The pool drops the
  // connection and opens a new one for the next query.
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    jobQueue: { connectionString: url, max: 4 },
    migrate: async () => {
      await migratePg(db, { migrationsFolder });
      await ensureReferenceData(db);
    },
    close: () => pool.end(),
  };
}

function warnIdleError(error: Error): void {
  console.warn(`database: an idle connection was closed (${error.message}); the next query opens a new one`);
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The PGlite connection behind a Drizzle database or transaction, for what only PGlite offers
 * (COPY from a Blob); null on PostgreSQL. Drizzle keeps it on the session, which it does not type
 * as public.
 */
export function pgliteClientOf(db: Db): Pick<PgliteTransaction, 'query'> | null {
  const session = (db as unknown as { session: unknown }).session;
  return session instanceof PgliteSession ? (session as unknown as { client: Pick<PgliteTransaction, 'query'> }).client : null;
}
