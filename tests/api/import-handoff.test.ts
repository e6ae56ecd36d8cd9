// The upload opened on the reader while its import is stored: handed to that import's job once,
// closed when the import is not stored, and only a few kept at a time.
import { afterAll, describe, expect, it } from 'vitest';
import { dropOpenedUpload, openUpload, takeOpenedUpload } from '#server/features/imports/import-handoff.ts';
import { stopImportReader } from '#server/features/imports/import-reader.ts';
import { ImportFileError } from '#server/features/imports/read-import-file.ts';

afterAll(async () => {
  await stopImportReader();
});

const csv = (rows: number) => new TextEncoder().encode(['name;city', ...Array.from({ length: rows }, (_, i) => `Ján ${i + 1};Žilina`)].join('\n'));

describe('an upload opened while its import is stored', () => {
  it('is handed to the import it was kept for, once', async () => {
    openUpload('csv', csv(3)).keep('import-a');
    const opened = takeOpenedUpload('import-a');
    expect(opened).not.toBeNull();
    const file = await opened!;
    expect(file).toMatchObject({ headers: ['name', 'city'], count: 3 });
    expect((await file.read(0, 3, { receiver_name: 0, receiver_city: 1 })).failures.map((f) => f.rowNumber)).toEqual([2, 3, 4]);
    file.close();
    expect(takeOpenedUpload('import-a')).toBeNull();
  });

  it('is not kept when the import was not stored, nor after its import failed before its job', async () => {
    openUpload('csv', csv(1)).drop();
    expect(takeOpenedUpload('never-stored')).toBeNull();
    openUpload('csv', csv(1)).keep('import-failed');
    dropOpenedUpload('import-failed');
    expect(takeOpenedUpload('import-failed')).toBeNull();
  });

  it("carries a file's error to the job that takes it", async () => {
    openUpload('csv', new TextEncoder().encode('name;city\n"open quote;x\n')).keep('import-bad');
    await expect(takeOpenedUpload('import-bad')).rejects.toBeInstanceOf(ImportFileError);
  });

  it('keeps at most four waiting for their jobs: the jobs of the others load their uploads from the database', async () => {
    const ids = ['k1', 'k2', 'k3', 'k4', 'k5'];
    for (const id of ids) openUpload('csv', csv(1)).keep(id);
    const taken = ids.map((id) => takeOpenedUpload(id));
    expect(taken.map((file) => file !== null)).toEqual([true, true, true, true, false]);
    for (const file of taken) (await file)?.close();
  });
});
