import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = featuresOf('src/web/features');
const serverFeatures = featuresOf('src/server/features');

/**
 * The map the README draws, kept by the lint: web features never import each other, and lib,
 * components and offline never import a feature (what two features share moves down); a server
 * feature uses another only through that feature's public.ts.
 */
const boundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Web features never import each other: move what both need to lib/ or components/.',
  })),
  ...['lib', 'components', 'offline'].map((layer) => ({
    target: `./src/web/${layer}`,
    from: './src/web/features',
    message: `src/web/${layer} never imports a feature.`,
  })),
  ...serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/server/features/${feature}`,
        from: `./src/server/features/${other}`,
        except: ['./public.ts'],
        message: `A server feature uses another only through its public.ts (src/server/features/${other}/public.ts).`,
      })),
  ),
];

/** A relative import two or more folders up: name the area instead. */
const CLIMBING = { regex: '^\\.\\./\\.\\./', message: 'Import across folders through #shared/…, #server/…, #web/… or #tests/… (package.json "imports"), not ../../.' };

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/web/route-tree.gen.ts', 'src/server/db/migrations', 'test-results', 'playwright-report', '.scratch', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Only our own files are followed: the packages' bundles are not ours to check (and some are
    // too large for the parser).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // One-way imports: shared imports only zod and itself; web and server never import each other.
  // Across folders, imports name their area (#shared/…, #server/…, #web/…, #tests/…: package.json "imports")
  // instead of climbing with ../../.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CLIMBING] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CLIMBING,
            { regex: '^#(server|web|tests)/', message: 'src/shared imports only zod and itself.' },
            { group: ['**/server/**', '**/web/**', 'react*', 'fastify*', 'drizzle-orm*', '@lingui/*'], message: 'src/shared imports only zod and itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CLIMBING,
            { regex: '^#server/', message: 'The web app never imports the server.' },
            { group: ['**/server/**'], message: 'The web app never imports the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [CLIMBING, { regex: '^#web/', message: 'The server never imports the web app.' }, { group: ['**/web/**'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
);
