// npm run backup / npm run restore (src/server/db/backup.ts) on a real PGlite data folder: the
// backup refuses while a server holds the folder, is taken once it stopped, and restored into a
// fresh folder it gives back the shipments the portal had created, readable through the API.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import { createApp } from '#server/app.ts';
import { BackupError, backupDataDir, restoreDataDir } from '#server/db/backup.ts';
import { openPglite, type Database } from '#server/db/client.ts';
import { DataDirLockedError, LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { DEMO, signIn } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

const root = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The portal on the folder, as `npm start` opens it (migrated, demo data). */
async function serve(dataDir: string, seed: boolean) {
  const database: Database = await openPglite(dataDir);
  await database.migrate();
  if (seed) await seedDemo(database.db);
  const app = await createApp({ db: database.db, webRoot: null });
  return {
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

describe('backup and restore of the embedded database', () => {
  it('copies a stopped database whole: restored into a fresh folder, its shipments read back', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'backups', 'portal.tar.gz');

    const server = await serve(dataDir, true);
    const { token } = await signIn(server.app, DEMO.user.clientId, DEMO.user.secret);
    const created: Shipment[] = [];
    for (const n of [1, 2, 3]) created.push(await createShipment(server.app, token, { reference_number: `BACKUP-${n}`, receiver_name: `Záloha ${n}` }));

    // While the server holds the folder, a copy would be torn: refused, saying who holds it.
    await expect(backupDataDir(dataDir, file)).rejects.toThrow(DataDirLockedError);
    await expect(backupDataDir(dataDir, file)).rejects.toThrow(/in use by process \d+/);
    expect(existsSync(file)).toBe(false);
    await server.stop();

    const backup = await backupDataDir(dataDir, file);
    expect(backup.file).toBe(file);
    expect(backup.bytes).toBeGreaterThan(0);
    expect(backup.shipments).toBeGreaterThanOrEqual(3);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const restoredDir = path.join(root, 'restored');
    const restored = await restoreDataDir(file, restoredDir);
    expect(restored).toEqual({ shipments: backup.shipments, companies: backup.companies, clients: backup.clients, migratedAt: backup.migratedAt });
    // The backup's own lock file (of the process that made it) is not carried over.
    expect(existsSync(path.join(restoredDir, LOCK_FILE))).toBe(false);

    // The restored folder serves the same shipments (and the same sign-in: the keys are in it too).
    const again = await serve(restoredDir, false);
    try {
      const { token: restoredToken } = await signIn(again.app, DEMO.user.clientId, DEMO.user.secret);
      for (const shipment of created) {
        const res = await again.app.inject({ method: 'GET', url: `/api/v1/shipments/${shipment.item_number}`, headers: bearer(restoredToken) });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<Shipment>()).toMatchObject({ item_number: shipment.item_number, tracking_number: shipment.tracking_number, reference_number: shipment.reference_number, receiver_name: shipment.receiver_name });
      }
    } finally {
      await again.stop();
    }
  });

  it('never restores over a folder that holds anything, and leaves nothing behind from a bad file', { timeout: 60_000 }, async () => {
    const occupied = path.join(root, 'occupied');
    mkdirSync(occupied, { recursive: true });
    writeFileSync(path.join(occupied, 'PG_VERSION'), '17');
    await expect(restoreDataDir(path.join(root, 'backups', 'portal.tar.gz'), occupied)).rejects.toThrow(BackupError);
    await expect(restoreDataDir(path.join(root, 'missing.tar.gz'), path.join(root, 'new'))).rejects.toThrow(/No backup file/);

    const junk = path.join(root, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    const target = path.join(root, 'from-junk');
    await expect(restoreDataDir(junk, target)).rejects.toThrow();
    expect(existsSync(target)).toBe(false);
    await expect(backupDataDir(path.join(root, 'nothing-here'), path.join(root, 'x.tar.gz'))).rejects.toThrow(/holds no database/);
  });
});
