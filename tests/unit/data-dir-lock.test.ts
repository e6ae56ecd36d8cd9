// One process at a time on a PGlite data folder (src/server/db/data-dir-lock.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, dataDirOwner, LOCK_FILE, lockDataDir } from '#server/db/data-dir-lock.ts';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a second opener while the first holds the folder, and frees it on release', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(dataDirOwner(dir)?.pid).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/is in use by process \d+.*Stop that process first/);
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the lock of a process that no longer runs (killed)', () => {
    const dir = folder();
    // A pid that ran and ended: the child's own.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: Number(ended.stdout), start: 1, since: '2026-01-01T00:00:00.000Z' }));
    expect(dataDirOwner(dir)).toBeNull();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock whose pid now belongs to another process (started later: a reused pid)', () => {
    const dir = folder();
    // This very process, but with another start time: the lock's writer was an earlier process with the same pid.
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, start: 1, since: '2026-01-01T00:00:00.000Z' }));
    const owner = dataDirOwner(dir);
    // Off Linux the start time is unknown and a live pid counts as the owner.
    if (existsSync('/proc/self/stat')) expect(owner).toBeNull();
  });
});
