// @vitest-environment node
// The import reader's thread (issue 34: an idle server's memory) starts with the first file it is
// asked for, stays while a file is open on it (an import between its chunks), and ends after its
// idle time; the next file starts it again.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { importReaderRunning, openImportFileOnReader, previewOnReader, setImportReaderIdle, stopImportReader } from './import-reader.ts';

const csv = (rows: number) => new TextEncoder().encode(['receiver_name;receiver_city', ...Array.from({ length: rows }, (_, i) => `Receiver ${i};Žilina`)].join('\n'));

afterAll(async () => {
  await stopImportReader();
});

describe('the import reader thread', { timeout: 120_000 }, () => {
  it('starts with a file, stays while one is open, ends when idle and starts again', async () => {
    await stopImportReader();
    setImportReaderIdle(200);
    expect(importReaderRunning()).toBe(false);
    const preview = await previewOnReader('csv', csv(3), 2);
    expect(preview.count).toBe(3);
    expect(importReaderRunning()).toBe(true);
    await vi.waitFor(() => expect(importReaderRunning()).toBe(false), { timeout: 30_000, interval: 50 });

    const file = await openImportFileOnReader('csv', csv(5));
    expect(file.count).toBe(5);
    // Several idle times pass with the file open between its chunks: the thread stays.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(importReaderRunning()).toBe(true);
    file.close();
    await vi.waitFor(() => expect(importReaderRunning()).toBe(false), { timeout: 30_000, interval: 50 });
  });
});
