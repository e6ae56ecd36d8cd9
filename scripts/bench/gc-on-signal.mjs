// Loaded into the benchmark's server process (NODE_OPTIONS=--expose-gc --import …): SIGUSR2 makes
// it collect garbage, so that a benchmark measures memory growth from a settled baseline rather
// than from whatever garbage an earlier run (or the start-up) left behind.
process.on('SIGUSR2', () => globalThis.gc?.());
