import { defineConfig } from '@lingui/cli';

// Catalogs live with the web app; src/shared holds the server's messages (plain `/*i18n*/` descriptors).
// `lingui compile` writes messages.json beside each .po: the web loads it as /locales/{lang}.json,
// the server translates its answers with it.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sk', 'de', 'cz'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/web/locales/{locale}/messages',
      include: ['<rootDir>/src/web', '<rootDir>/src/shared'],
      exclude: ['**/*.test.*', '**/route-tree.gen.ts'],
    },
  ],
  compileNamespace: 'json',
  orderBy: 'messageId',
});
