// Where the server's log goes: standard output, written asynchronously (pino's SonicBoom with
// `sync: false`), so that a log line costs a copy into a buffer rather than a write(2) on the
// request's path: with synchronous writes the default level (info: one access line per request)
// halved the server's throughput (issue 30). Lines are joined into writes of at least
// MIN_WRITE_BYTES (about 20 access lines), and what waits is written every FLUSH_MS: under load a
// write(2), and the reader's read(2) on the other end of the pipe (journald, a container
// runtime), per 20 lines instead of per line; on a quiet server a line shows within FLUSH_MS.
// What is still buffered is written at exit; a crash that kills the process outright may lose the
// last FLUSH_MS of lines.
import pino from 'pino';

const MIN_WRITE_BYTES = 4096;
const FLUSH_MS = 250;

/** The log stream of a server process (main.ts), flushed every FLUSH_MS and when the process exits. */
export function logDestination(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES });
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
