// The import job reads files on a worker thread (import-reader.worker.ts): parsing the upload and
// checking each row with the send form's schema is most of an import's JavaScript and most of
// what it allocates. On the worker it overlaps with the database work of the previous chunk
// (PGlite runs on the main thread), its garbage stays out of the server's heap, and a file that
// exhausts memory ends that thread, not the server. The preview and the result file are read and
// written there too. One thread serves the whole process: started by the first file it is asked to
// read and ended after READER_IDLE_MS without work and without an open file (issue 34, README note
// 131: it holds ~100 MB once warmed); the first file after a quiet spell waits for its start.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportType } from '#shared/contract/imports.ts';
import type { ImportMapping } from '#shared/domain/import-columns.ts';
import type { BatchRow } from '../shipments/public.ts';
import type { RowError } from './import-row.ts';
import { ImportFileError } from './read-import-file.ts';
import type { ResultFile, ResultInput } from './result-file.ts';

/** One chunk of rows: those that pass the schema (as the send form's payload) and those that do not. */
export interface ReadRows {
  candidates: BatchRow[];
  failures: Array<{ rowNumber: number; errors: RowError[] }>;
}

/** The first rows of a file as written, for the mapping step. */
export interface FilePreview {
  headers: string[];
  rows: string[][];
  count: number;
}

/** What the result file needs besides the upload (the reader reads that itself); `unreadable`: the import failed whole, perhaps because its file cannot be read. */
export type ResultRequest = Omit<ResultInput, 'sheet'> & { unreadable: boolean };

export type ReaderRequest =
  | { id: number; kind: 'open'; file: number; type: ImportType; bytes: Uint8Array }
  | { id: number; kind: 'read'; file: number; start: number; end: number; mapping: ImportMapping }
  | { id: number; kind: 'close'; file: number }
  | { id: number; kind: 'preview'; type: ImportType; bytes: Uint8Array; rows: number }
  | { id: number; kind: 'result'; bytes: Uint8Array; result: ResultRequest };

/** Answers carry the request's id; id 0 says the thread is ready. */
export type ReaderResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; messageId: string | undefined; message: string };

/** A file open on the reader: checked whole, its rows read a chunk at a time. */
export interface OpenedImportFile {
  headers: string[];
  count: number;
  read(start: number, end: number, mapping: ImportMapping): Promise<ReadRows>;
  close(): void;
}

const READER_HEAP_MB = 1024;

/** The reader ends after this long with nothing asked and no file open. */
export const READER_IDLE_MS = 10 * 60_000;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

// The thread's entry is the file beside this module with its own extension (as the render pool's,
// render-pool.ts): from source `import-reader.worker.ts`, which needs tsx's hooks registered again
// in the thread (a data: module registers them, then imports it); compiled (`npm run build`) this
// module is part of dist/server/main.js and the entry is dist/server/import-reader.worker.js, plain
// JavaScript that Node loads itself.
const here = fileURLToPath(import.meta.url);
const extension = path.extname(here);
const ENTRY = pathToFileURL(path.join(path.dirname(here), `import-reader.worker${extension}`));
const bootWithTsx = () => `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
register();
await import(${JSON.stringify(ENTRY.href)});`;
const WORKER = extension === '.ts' ? new URL(`data:text/javascript,${encodeURIComponent(bootWithTsx())}`) : ENTRY;

class Reader {
  private readonly worker = new Worker(WORKER, {
    // Room to spare for a 100,000-row file (~300 MB at its peak); a file that needs more ends
    // this thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
  });
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | null = null;
  private openFiles = 0;
  private idle: NodeJS.Timeout | null = null;
  readonly ready: Promise<unknown>;

  constructor(
    private readonly onStop: () => void,
    private readonly idleMs: number,
  ) {
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    this.worker.on('message', (response: ReaderResponse) => this.settle(response));
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the import reader stopped (exit code ${code})`)));
    // An idle reader does not keep the process alive.
    this.worker.unref();
  }

  private settle(response: ReaderResponse) {
    const waiting = this.pending.get(response.id);
    if (!waiting) return;
    this.pending.delete(response.id);
    if (this.pending.size === 0) {
      this.worker.unref();
      this.armIdle();
    }
    if (response.ok) waiting.resolve(response.value);
    else waiting.reject(response.messageId ? new ImportFileError(response.messageId) : new Error(response.message));
  }

  private stop(error: Error) {
    if (this.stopped) return;
    this.stopped = error;
    this.onStop();
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Ends the thread once it has had nothing to do for idleMs; a file still open (an import between chunks) keeps it. */
  private armIdle() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      this.idle = null;
      if (this.openFiles > 0) this.armIdle();
      else void this.terminate();
    }, this.idleMs);
    this.idle.unref();
  }

  /** Counts the files open on the thread (`+1` opened, `-1` closed). */
  fileOpened(change: 1 | -1) {
    this.openFiles += change;
  }

  ask<T>(request: ReaderRequest, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(request.id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage(request, transfer);
    });
  }

  id(): number {
    return this.nextId++;
  }

  terminate(): Promise<number> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    return this.worker.terminate();
  }
}

let reader: Reader | null = null;
let nextFile = 1;
let idleMs = READER_IDLE_MS;

function currentReader(): Reader {
  if (!reader) {
    const started: Reader = new Reader(() => {
      if (reader === started) reader = null;
    }, idleMs);
    // Nobody may be waiting yet: a failed start shows when the reader is next asked.
    started.ready.catch(() => undefined);
    reader = started;
  }
  return reader;
}

/** Whether the reader's thread runs now. */
export function importReaderRunning(): boolean {
  return reader !== null;
}

/** How long the reader may stay idle (tests shorten it); applies to the next reader started. */
export function setImportReaderIdle(ms: number): void {
  idleMs = ms;
}

export async function stopImportReader(): Promise<void> {
  const running = reader;
  reader = null;
  await running?.terminate();
}

/** The running reader, once it is ready. */
async function readyReader(): Promise<Reader> {
  const thread = currentReader();
  await thread.ready;
  return thread;
}

/**
 * The reader takes a copy of the bytes of its own (transferred, not cloned): the caller's may share
 * their memory. Not `bytes.slice()`: on a Node Buffer (node-postgres' bytea) that is a view of the
 * same memory, and the transfer would detach the caller's buffer.
 */
function sendBytes(thread: Reader, bytes: Uint8Array, build: (id: number, copy: Uint8Array) => ReaderRequest): Promise<unknown> {
  const copy = new Uint8Array(bytes);
  return thread.ask(build(thread.id(), copy), [copy.buffer]);
}

/** Checks the file on the reader; ImportFileError says why it cannot be imported. */
export async function openImportFileOnReader(type: ImportType, bytes: Uint8Array): Promise<OpenedImportFile> {
  const thread = await readyReader();
  const file = nextFile++;
  const { headers, count } = (await sendBytes(thread, bytes, (id, copy) => ({ id, kind: 'open', file, type, bytes: copy }))) as { headers: string[]; count: number };
  thread.fileOpened(1);
  let open = true;
  return {
    headers,
    count,
    read: (start, end, mapping) => thread.ask<ReadRows>({ id: thread.id(), kind: 'read', file, start, end, mapping }),
    close: () => {
      if (!open) return;
      open = false;
      thread.fileOpened(-1);
      thread.ask({ id: thread.id(), kind: 'close', file }).catch(() => undefined);
    },
  };
}

/** The headers and first rows of a file, checked whole; ImportFileError says why it cannot be imported. */
export async function previewOnReader(type: ImportType, bytes: Uint8Array, rows: number): Promise<FilePreview> {
  const thread = await readyReader();
  return (await sendBytes(thread, bytes, (id, copy) => ({ id, kind: 'preview', type, bytes: copy, rows }))) as FilePreview;
}

/** An import's result file, written on the reader (a 100,000-row workbook is heavy to build). */
export async function resultFileOnReader(bytes: Uint8Array, result: ResultRequest): Promise<ResultFile> {
  const thread = await readyReader();
  const file = (await sendBytes(thread, bytes, (id, copy) => ({ id, kind: 'result', bytes: copy, result }))) as Omit<ResultFile, 'body'> & { body: Uint8Array };
  return { ...file, body: Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength) };
}
