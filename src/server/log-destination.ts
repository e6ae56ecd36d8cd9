// Where the server's log goes: standard output, written asynchronously (pino's SonicBoom with
// `sync: false`), so that a log line costs a copy into a buffer rather than a write(2) on the
// request's path: with synchronous writes the default level (info: one access line per request)
// halved the server's throughput (issue 30). What is still buffered is written at exit; a
// crash that kills the process outright may lose the last lines of at most one buffer.
import pino from 'pino';

/** The log stream of a server process (main.ts), flushed when the process exits. */
export function logDestination(): pino.DestinationStream {
  // No minimum length: a quiet server's lines go out at once; under load, lines that arrive
  // while a write is in flight are joined into the next one.
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // stdout already closed: nothing more can be written.
    }
  });
  return destination;
}
