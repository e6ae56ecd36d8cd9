// Labels and manifests are drawn on a pool of worker threads (piscina), never on the event loop:
// 1,000 labels are ~0.3-0.5 s of one core, and drawn on the main thread they held every other
// request that long (README note 99). The services gather the data and translate the captions on
// the main thread; a thread draws the PDF (render.worker.ts) and moves its bytes back.
//
// Size: the machine's cores less one (the main thread keeps one for requests and PGlite), at
// least 1 and at most 4. Tasks beyond the threads wait in the pool's queue; how many a company may
// have at once is bounded before that (heavy-work.ts), so the queue stays short.
//
// Threads start with the first document and end after RENDER_IDLE_MS without one (issue 34,
// README note 131): a warmed thread holds ~100 MB, most of an idle server's memory after PGlite.
// The first document after a quiet spell pays for the thread's start, its fonts and compiling
// (~0.3-0.6 s once); a desk that prints through the day keeps its threads.
//
// The worker's entry is the file beside this module with its own extension: under tsx
// (dev, tests, scripts) `render.worker.ts`, loaded with tsx's hooks (`--import tsx` is added
// to the thread's flags when the process itself was not started by tsx, as under vitest); in the
// compiled build (`npm start`, scripts/build-server.ts) this module is part of dist/server/main.js
// and the entry `render.worker.js` beside it, which the build emits as an entry of its own.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { LabelCaptions, LabelData, ManifestCaptions, ManifestData } from './document-types.ts';
import type { LabelFileRequest } from './label-files.ts';
import type { RenderTask } from './render.worker.ts';

export const RENDER_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));

/** A thread without a document this long ends. */
export const RENDER_IDLE_MS = 10 * 60_000;

/** Per thread: room for the largest documents; a document that needs more ends its thread, not the server. */
const THREAD_HEAP_MB = 512;

// Built from this module's own path (not `new URL('./…', import.meta.url)`, which Vite rewrites
// into an asset URL under vitest).
const here = fileURLToPath(import.meta.url);
const extension = path.extname(here);
const WORKER = pathToFileURL(path.join(path.dirname(here), `render.worker${extension}`));

/**
 * The threads' node flags: inherited from the process (Worker's default) unless tsx's hooks must be
 * added. Never process.execArgv given explicitly: Worker refuses the process-wide flags of npm start
 * (--max-semi-space-size, --v8-pool-size) when they are passed, not when they are inherited.
 */
function threadFlags(): string[] | undefined {
  if (extension !== '.ts' || process.execArgv.some((flag) => flag.includes('tsx'))) return undefined;
  return [...process.execArgv, '--import', import.meta.resolve('tsx')];
}

export interface DocumentRenderer {
  labels(labels: readonly LabelData[], file: LabelFileRequest, captions: LabelCaptions): Promise<Uint8Array>;
  manifest(data: ManifestData, captions: ManifestCaptions): Promise<Uint8Array>;
  /** How many threads run now. */
  threads(): number;
  /** Ends the threads (the next document starts them again). */
  close(): Promise<void>;
}

/** A pool of up to `threads` render threads, started as documents are asked for and ended after `idleMs` without one. */
export function renderPool(threads = RENDER_THREADS, idleMs = RENDER_IDLE_MS): DocumentRenderer {
  let pool: Piscina<RenderTask, Uint8Array> | null = null;
  const execArgv = threadFlags();
  const started = () =>
    (pool ??= new Piscina<RenderTask, Uint8Array>({
      filename: WORKER.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: idleMs,
      ...(execArgv ? { execArgv } : {}),
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    }));
  const document = (task: RenderTask): Promise<Uint8Array> => started().run(task);
  return {
    labels: (labels, file, captions) => document({ kind: 'labels', labels, file, captions }),
    manifest: (data, captions) => document({ kind: 'manifest', data, captions }),
    threads: () => pool?.threads.length ?? 0,
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
