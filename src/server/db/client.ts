// Opens the database: embedded PGlite in a data folder (or in memory for tests), or PostgreSQL
// through DATABASE_URL. Both speak through the same Drizzle API and the same migrations. On
// PostgreSQL several instances may start at once: migrate() holds a start-up lock (a
// transaction-level advisory lock, so that it also works through a transaction-pooling
// PgBouncer) around the migrations, the reference data and the caller's seed.
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions as JobQueueOptions } from 'pg-boss';
import { fromRoot } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { pgliteParsing } from './pglite-parsing.ts';
import { traceQueries } from './traced-pool.ts';
import { ensureReferenceData } from './reference-data.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** pg-boss on the same database: PGlite through its adapter, PostgreSQL with a small pool of its own. */
  jobQueue: JobQueueOptions;
  /**
   * Applies the migrations, then writes the reference data (partners, services) if missing, then
   * runs `andThen` (main.ts: the demo seed) and answers what it answers; all of it under the
   * database's start-up lock, so that of several instances starting at once on one database one
   * migrates and seeds while the others wait, then find the work done.
   */
  migrate<T = undefined>(andThen?: (db: Db) => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

export interface PostgresSettings {
  /** Connections of the application's pool (DATABASE_POOL_MAX); pg-boss keeps JOB_QUEUE_POOL_MAX more. */
  poolMax?: number;
  /** statement_timeout of the application's connections in ms (DATABASE_STATEMENT_TIMEOUT_MS); 0: not sent, the role's or server's own applies. */
  statementTimeoutMs?: number;
  /** Called when an idle pooled connection is ended by the server (default: a warning on stderr). */
  onIdleError?: (error: Error) => void;
  /** application_name of the connections (pg_stat_activity tells the instances apart); pg-boss's get it with ` jobs`. */
  applicationName?: string;
}

/** Connections of pg-boss's own pool on PostgreSQL (polling, heartbeats, supervision, schedules). */
export const JOB_QUEUE_POOL_MAX = 4;
export const DEFAULT_POOL_MAX = 10;

/**
 * The key of the start-up lock: one 64-bit advisory lock key (the first 8 bytes of SHA-256 of
 * "portal-startup", fixed so that every version of the portal agrees). Advisory locks are per database, so
 * portals on other databases of the same server do not wait for each other.
 */
export const STARTUP_LOCK_KEY = 2_515_479_129_170_961n;

const migrationsFolder = fromRoot('src/server/db/migrations');

/**
 * PGlite's shared buffers (PostgreSQL's page cache inside the WebAssembly heap). Its default,
 * 128 MB, is the largest part of an idle portal's memory once touched, and a WebAssembly heap
 * never shrinks; the files under DATA_DIR are cached by the kernel besides, so a smaller pool
 * costs little (issue 34, README note 130: the idle RSS and the benches before and after).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** `dataDir` undefined means in memory. A folder is held by one process at a time (data-dir-lock.ts). */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  // loadDataDir: a database dumped by PGlite (the tests' migrated template), instead of initdb.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams, ...options }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const { forDrizzle, forJobQueue } = pgliteParsing(client);
  const db = drizzlePglite({ client: forDrizzle, schema });
  return {
    db,
    kind: 'pglite',
    jobQueue: { db: fromPglite(forJobQueue), backend: 'pglite' },
    // The data folder is this process's alone (data-dir-lock.ts): nobody else can start on it.
    migrate: async (andThen) => {
      await migratePglite(db, { migrationsFolder });
      await ensureReferenceData(db);
      return andThen?.(db);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export function openPostgres(url: string, settings: PostgresSettings = {}): Database {
  const { poolMax = DEFAULT_POOL_MAX, statementTimeoutMs = 0, onIdleError = warnIdleError, applicationName = 'portal' } = settings;
  // statement_timeout goes in the connection's start-up packet (no SET on a pooled session,
  // which a transaction-pooling PgBouncer would hand to other clients); 0 sends nothing.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    application_name: applicationName,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle connection the server ends (restart, failover, terminated backend) is emitted here;
  // without a listener that 'error' event would end the whole process. The pool drops the
  // connection and opens a new one for the next query.
  pool.on('error', onIdleError);
  traceQueries(pool);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    // Supervision (jobs whose heartbeat stopped, expired jobs) every 20 s rather than pg-boss's 60:
    // an import whose instance died is taken over within heartbeat + 20 s.
    jobQueue: { connectionString: url, max: JOB_QUEUE_POOL_MAX, application_name: `${applicationName} jobs`.slice(0, 63), superviseIntervalSeconds: 20 },
    migrate: (andThen) =>
      withStartupLock(pool, async () => {
        // The migrations on a pool of their own without the application's statement_timeout: a
        // migration that rebuilds a big table may take longer than any request should.
        const migrations = new pg.Pool({ connectionString: url, max: 1, application_name: applicationName });
        migrations.on('error', onIdleError);
        try {
          await migratePg(drizzlePg({ client: migrations, schema }), { migrationsFolder });
        } finally {
          await migrations.end();
        }
        await ensureReferenceData(db);
        return andThen?.(db);
      }),
    close: () => pool.end(),
  };
}

/**
 * Runs `work` while this process holds the start-up lock: a transaction on one pooled connection
 * that takes pg_advisory_xact_lock and stays open (idle) until `work` is done on other
 * connections, then commits, which frees the lock. A transaction-level lock rather than a
 * session one: through a transaction-pooling PgBouncer the transaction keeps its server
 * connection, whereas a session lock would stay with whatever server connection the pooler
 * used, and its unlock might reach another. If this process dies, its connection closes and
 * PostgreSQL ends the transaction and the lock with it. The wait has no statement_timeout
 * (SET LOCAL: this transaction only): another instance's migrations may take long.
 */
async function withStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  let broken: Error | undefined;
  try {
    await holder.query('begin');
    await holder.query('set local statement_timeout = 0');
    await holder.query('set local idle_in_transaction_session_timeout = 0');
    await holder.query('select pg_advisory_xact_lock($1::bigint)', [STARTUP_LOCK_KEY.toString()]);
    const result = await work();
    await holder.query('commit');
    return result;
  } catch (error) {
    await holder.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    throw error;
  } finally {
    // A connection whose rollback failed is not given back to the pool.
    holder.release(broken);
  }
}

function warnIdleError(error: Error): void {
  console.warn(`database: an idle connection was closed (${error.message}); the next query opens a new one`);
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string } & Omit<PostgresSettings, 'onIdleError'>): Promise<Database> {
  const { databaseUrl, dataDir, ...settings } = options;
  return databaseUrl ? openPostgres(databaseUrl, settings) : openPglite(dataDir);
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
