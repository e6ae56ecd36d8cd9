// Backup and restore of the embedded database (npm run backup / npm run restore). A PGlite data
// folder belongs to the one process that has it open (data-dir-lock.ts), and copying its files
// while the server writes them gives a torn copy, so both work on a stopped server and refuse
// while one runs. The backup opens the folder (which finishes any recovery a crash left), takes
// a CHECKPOINT and writes PGlite's own dump of the folder (dumpDataDir: a gzipped tarball of the
// files, taken while no query runs), then proves it by opening the tarball in memory and counting
// the rows back. The restore unpacks such a tarball into a new, empty folder (loadDataDir) and
// checks that it opens. A PostgreSQL database is backed up with PostgreSQL's own tools (README).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataDirOwner, DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

export interface DatabaseSummary {
  shipments: number;
  companies: number;
  clients: number;
  /** The last migration applied (its creation time in drizzle's journal), or null for an empty database. */
  migratedAt: string | null;
}

export interface BackupResult extends DatabaseSummary {
  file: string;
  bytes: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

async function summary(db: PGlite): Promise<DatabaseSummary> {
  const tables = await db.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema in ('public', 'drizzle')");
  const has = (name: string) => tables.rows.some((t) => t.name === name);
  const count = async (table: string) => (has(table) ? Number((await db.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n) : 0);
  const migrated = has('__drizzle_migrations') ? (await db.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations')).rows[0]?.at : null;
  return { shipments: await count('shipments'), companies: await count('companies'), clients: await count('clients'), migratedAt: migrated ? new Date(Number(migrated)).toISOString() : null };
}

/** Throws a clear error when a running process holds the folder. */
function assertStopped(dataDir: string): void {
  const owner = dataDirOwner(dataDir);
  if (owner) throw new DataDirLockedError(dataDir, owner);
}

/** Writes a backup of the (stopped) database in `dataDir` to `file` (a .tar.gz), atomically. */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupResult> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`${path.resolve(dataDir)} holds no database (no PG_VERSION): check DATA_DIR.`);
  assertStopped(dataDir);
  const unlock = lockDataDir(dataDir);
  let tarball: Blob;
  try {
    const db = await PGlite.create({ dataDir });
    try {
      await db.exec('checkpoint');
      tarball = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
  const bytes = new Uint8Array(await tarball.arrayBuffer());
  // Proof before it counts as a backup: the copy opens and its rows can be read.
  const counted = await openTarball(bytes, async (db) => summary(db));
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return { file: path.resolve(file), bytes: bytes.length, ...counted };
}

async function openTarball<T>(bytes: Uint8Array<ArrayBuffer>, work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create({ loadDataDir: new Blob([bytes]) });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Unpacks the backup `file` into `dataDir`, which must not exist or be empty; answers what it holds. */
export async function restoreDataDir(file: string, dataDir: string): Promise<DatabaseSummary> {
  if (!existsSync(file)) throw new BackupError(`No backup file ${path.resolve(file)}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    assertStopped(dataDir);
    throw new BackupError(`${path.resolve(dataDir)} is not empty: a restore never overwrites a database. Move that folder away (keep it until the restored one works), or restore into a new folder and point DATA_DIR at it.`);
  }
  const bytes = readFileSync(file);
  mkdirSync(dataDir, { recursive: true });
  let unlock = lockDataDir(dataDir);
  try {
    const db = await PGlite.create({ dataDir, loadDataDir: new Blob([bytes]) });
    // The unpacked files brought the lock of the backup's own run in place of this one's: taken again.
    rmSync(path.join(dataDir, LOCK_FILE), { force: true });
    unlock = lockDataDir(dataDir);
    try {
      return await summary(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    // Nothing half-restored is left behind to be mistaken for a database.
    unlock();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
}
