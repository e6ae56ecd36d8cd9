// The uploads kept for the import job: every byte comes back as stored (PGlite hands them over with
// COPY's binary format, PostgreSQL as parameters), in order across the parts a large upload is
// kept in, and a missing upload reads as null.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clients, importFiles, imports } from '#server/db/schema.ts';
import { IMPORT_FILE_PART_BYTES, loadImportFile, storeImportFile } from '#server/features/imports/import-files.ts';
import { createTestApp, DEMO, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newImport(): Promise<string> {
  const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  const [record] = await t.database.db.insert(imports).values({ companyId: user!.companyId, clientId: user!.id, filename: 'a.xlsx', type: 'xlsx' }).returning({ id: imports.id });
  return record!.id;
}

it('gives back every byte of an upload, zero bytes and 0xff included', async () => {
  const id = await newImport();
  const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
  await t.database.db.transaction((tx) => storeImportFile(tx, id, bytes));
  const loaded = await loadImportFile(t.database.db, id);
  expect(loaded?.byteLength).toBe(bytes.byteLength);
  expect(Buffer.compare(Buffer.from(loaded!), Buffer.from(bytes))).toBe(0);
});

it('keeps a large upload in parts and gives it back whole, in order', async () => {
  const id = await newImport();
  const bytes = new Uint8Array(IMPORT_FILE_PART_BYTES * 2 + 12_345).map((_, i) => (i * 31 + (i >> 20)) % 256);
  await t.database.db.transaction((tx) => storeImportFile(tx, id, bytes));
  const [stored] = await t.database.db.select({ n: count() }).from(importFiles).where(eq(importFiles.importId, id));
  expect(stored!.n).toBe(3);
  const loaded = await loadImportFile(t.database.db, id);
  expect(loaded?.byteLength).toBe(bytes.byteLength);
  expect(Buffer.compare(Buffer.from(loaded!), Buffer.from(bytes))).toBe(0);
});

it('answers null for an import without an upload', async () => {
  expect(await loadImportFile(t.database.db, await newImport())).toBeNull();
});

it('refuses an id that is not a uuid rather than writing it into a statement', async () => {
  await expect(loadImportFile(t.database.db, "x'; drop table imports; --")).rejects.toThrow();
});
