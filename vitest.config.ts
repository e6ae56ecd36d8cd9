import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';
// Lingui's macros as in the app build, so component tests render `<Trans>` and `t`.
import { linguiMacro } from './vite.config.ts';

// Two projects: `unit` (pure logic and web lib code in happy-dom) and `api` (the Fastify app
// through inject on a fresh database per file; PGlite in memory, or PostgreSQL when
// TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Two files at a time suit the 2-core machines (PGlite is single-threaded WASM).
    maxWorkers: 2,
    projects: [
      {
        plugins: [babel({ presets: [linguiMacro] })],
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
