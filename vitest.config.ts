import babel from '@rolldown/plugin-babel';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// Lingui's macros as in the app build, so component tests render `<Trans>` and `t`; the catalogs'
// addresses (virtual:portal-locale-urls) as the dev server gives them.
import { linguiMacro, localeFiles } from './vite.config.ts';

/**
 * vite-plugin-pwa's registration module exists only in the app build; a test of a component that
 * imports it replaces it with vi.mock. This only lets the import resolve.
 */
function pwaRegisterForTests(): Plugin {
  const id = 'virtual:pwa-register/react';
  return {
    name: 'pwa-register-for-tests',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (source) => (source === `\0${id}` ? `export function useRegisterSW() { throw new Error('Mock ${id} with vi.mock in this test.'); }` : null),
  };
}

// Three projects: `unit` (pure logic and web lib code in happy-dom), `api` (the Fastify app
// through inject on a fresh database per file; PGlite in memory, or PostgreSQL when
// TEST_DATABASE_URL is set) and `cluster` (real servers behind nginx, only with CLUSTER_TESTS=1).
export default defineConfig({
  test: {
    // Two files at a time suit the 2-core machines (PGlite is single-threaded WASM).
    maxWorkers: 2,
    projects: [
      {
        plugins: [babel({ presets: [linguiMacro] }), localeFiles(), pwaRegisterForTests()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        // Lingui's macros: the public pages' renderer (features/tracking/public-pages-ssr.tsx) runs from source here.
        plugins: [babel({ presets: [linguiMacro] })],
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Each file's database is a copy of one migrated once per run (tests/setup/database-template.ts).
          globalSetup: ['tests/setup/database-template.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Three real servers behind nginx on a throw-away PostgreSQL (scripts/cluster.ts): `npm run
        // test:cluster` (CLUSTER_TESTS=1; .ci/run runs it); skipped in a plain `vitest run`.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
