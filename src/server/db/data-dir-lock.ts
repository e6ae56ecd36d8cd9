// One process at a time on a PGlite data folder. PGlite is PostgreSQL in single-user mode inside
// the process that opens it: a second process opening the same folder (a second server, the
// partner:key or create-admin script, a backup) does not fail, it silently loses the other's
// writes or corrupts the files (two instances inserting 1,000 rows each kept 2,000 of 3,000).
// The owner writes `portal.lock` (its pid and, on Linux, the process's start time) with an
// exclusive create and removes it on close. A lock left by a process that no longer runs (a
// SIGKILL, a crash, the host restarted) is taken over: the pid alone could name another process
// by then (containers reuse low pids), so on Linux the start time must match as well.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'portal.lock';

export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks after boot (/proc/<pid>/stat); null off Linux. */
  start: number | null;
  /** When the lock was taken (ISO). */
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${owner.pid} (since ${owner.since}): a PGlite folder can be opened by one process at a time. ` +
        `Stop that process first (the server stops on SIGTERM). If no such process runs, remove ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** The start time of a running process, null when it does not run or the system does not say (not Linux). */
function processStart(pid: number): number | null | 'gone' {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command (field 2) is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[19]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return null;
    // No /proc at all (macOS): ask the process table instead.
    try {
      readFileSync('/proc/self/stat');
      return 'gone';
    } catch {
      try {
        process.kill(pid, 0);
        return null;
      } catch (killError) {
        return (killError as NodeJS.ErrnoException).code === 'EPERM' ? null : 'gone';
      }
    }
  }
}

/** The process holding the folder, or null when it is free (no lock, or a stale one). */
export function dataDirOwner(dataDir: string): LockOwner | null {
  let owner: LockOwner;
  try {
    owner = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
  if (!Number.isInteger(owner.pid)) return null;
  const start = processStart(owner.pid);
  if (start === 'gone') return null;
  if (start !== null && owner.start !== null && start !== owner.start) return null;
  return owner;
}

/**
 * Takes the folder for this process (it must exist); throws DataDirLockedError when a running
 * process holds it. Answers the release, which removes the lock if it is still this process's.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const start = processStart(process.pid);
  const mine: LockOwner = { pid: process.pid, start: typeof start === 'number' ? start : null, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirOwner(dataDir);
      if (owner) throw new DataDirLockedError(dataDir, owner);
      if (attempt > 0) throw error;
      // Stale: remove it and try once more (a process starting at the same moment wins the create).
      unlinkSync(file);
    }
  }
  return () => {
    try {
      const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
      if (owner.pid === mine.pid && owner.since === mine.since) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}
