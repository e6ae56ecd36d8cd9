// Labels and manifests are drawn on a pool of worker threads (piscina), never on the event loop:
// 1,000 labels are ~0.3-0.5 s of one core, and drawn on the main thread they held every other
// request that long (README note 99). The services gather the data and translate the captions on
// the main thread; a thread draws the PDF (render.worker.ts) and moves its bytes back.
//
// Size: the machine's cores less one (the main thread keeps one for requests and PGlite), at
// least 1 and at most 4. Tasks beyond the threads wait in the pool's queue; how many a company may
// have at once is bounded before that (heavy-work.ts), so the queue stays short.
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

/** Per thread: room for the largest documents; a document that needs more ends its thread, not the server. */
const THREAD_HEAP_MB = 512;

// Built from this module's own path (not `new URL('./…', import.meta.url)`, which Vite rewrites
// into an asset URL under vitest).
const here = fileURLToPath(import.meta.url);
const extension = path.extname(here);
const WORKER = pathToFileURL(path.join(path.dirname(here), `render.worker${extension}`));

function threadFlags(): string[] {
  if (extension !== '.ts' || process.execArgv.some((flag) => flag.includes('tsx'))) return process.execArgv;
  return [...process.execArgv, '--import', import.meta.resolve('tsx')];
}

export interface DocumentRenderer {
  labels(labels: readonly LabelData[], file: LabelFileRequest, captions: LabelCaptions): Promise<Uint8Array>;
  manifest(data: ManifestData, captions: ManifestCaptions): Promise<Uint8Array>;
  /** Has every thread draw a few made-up documents (fonts parsed, code compiled) before the first real one. */
  warmUp(): Promise<void>;
  /** Ends the threads (the next document starts them again). */
  close(): Promise<void>;
}

/** A pool of `threads` render threads, started on first use. */
export function renderPool(threads = RENDER_THREADS): DocumentRenderer {
  let pool: Piscina<RenderTask, Uint8Array | null> | null = null;
  const started = () =>
    (pool ??= new Piscina<RenderTask, Uint8Array | null>({
      filename: WORKER.href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      execArgv: threadFlags(),
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    }));
  const document = async (task: RenderTask): Promise<Uint8Array> => {
    const bytes = await started().run(task);
    if (!bytes) throw new Error(`the render pool answered no document for ${task.kind}`);
    return bytes;
  };
  return {
    labels: (labels, file, captions) => document({ kind: 'labels', labels, file, captions }),
    manifest: (data, captions) => document({ kind: 'manifest', data, captions }),
    async warmUp() {
      const running = started();
      await Promise.all(Array.from({ length: threads }, () => running.run({ kind: 'warm-up' })));
    },
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
