// Where the server's log goes: standard output, written asynchronously (pino's SonicBoom with
// `sync: false`), so that a log line costs a copy into memory rather than a write(2) on the
// request's path: with synchronous writes the default level (info: one access line per request)
// halved the server's throughput (issue 30).
// Lines are gathered here into chunks of at least CHUNK_CHARS (about 20 access lines) before they
// reach SonicBoom: SonicBoom appends each line to a growing string and measures that string's
// UTF-8 length on every write, which flattens it each time (~3 µs a line, measured). A chunk is
// one append and one measure for 20 lines (~1 µs a line with the write itself). Under load that
// is one write(2), and one read(2) by what drains the pipe (journald, a container runtime), per
// 20 lines; on a quiet server a line shows within FLUSH_MS. What waits is written at exit; a
// crash that kills the process outright may lose the last FLUSH_MS of lines.
import pino from 'pino';

const CHUNK_CHARS = 16_384;
const FLUSH_MS = 250;

export interface LogDestination extends pino.DestinationStream {
  /** Hands what waits to the stream now (written asynchronously). */
  flush(): void;
  /** Writes what waits before returning: at exit. */
  flushSync(): void;
}

/** A stream that gathers lines into chunks for `target` (flush() when no more are coming). */
export function chunkedDestination(target: { write(chunk: string): unknown }): LogDestination & { target: typeof target } {
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const chunk = lines.join('');
    lines = [];
    chars = 0;
    target.write(chunk);
  };
  return {
    target,
    write(line: string) {
      lines.push(line);
      chars += line.length;
      if (chars >= CHUNK_CHARS) flush();
    },
    flush,
    flushSync() {
      flush();
      (target as Partial<pino.DestinationStream & { flushSync(): void }>).flushSync?.();
    },
  };
}

/** The log stream of a server process (main.ts), flushed every FLUSH_MS and when the process exits. */
export function logDestination(): LogDestination {
  const destination = chunkedDestination(pino.destination({ dest: 1, sync: false }));
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // stdout closed, or not yet ready: the next tick tries again.
    }
  }, FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  });
  return destination;
}
