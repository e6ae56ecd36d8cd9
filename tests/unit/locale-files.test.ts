// @vitest-environment node
// vite.config.ts's 'portal-locale-files' plugin in a real (small, in-memory) Vite build: each
// language's catalog is emitted under a name made from its content, and the app is told exactly
// those names.
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '#shared/domain/languages.ts';
import { hashedCatalogName, LOCALE_URLS_MODULE, localeFiles } from '#vite-config';

const catalog = (code: string) => readFileSync(fileURLToPath(new URL(`../../src/web/locales/${code}/messages.json`, import.meta.url)));

let dir: string;
let output: Rolldown.RolldownOutput;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-locales-'));
  const entry = path.join(dir, 'entry.js');
  writeFileSync(entry, `import { catalogUrls } from '${LOCALE_URLS_MODULE}';\nexport default catalogUrls;\n`);
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [localeFiles()],
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'entry' } },
  });
  output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const assets = () => output.output.filter((item): item is Rolldown.OutputAsset => item.type === 'asset');
const code = () => output.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk')?.code ?? '';

describe('hashedCatalogName', () => {
  it('names a catalog by its language and 16 hex digits of its content hash', () => {
    expect(hashedCatalogName('de', Buffer.from('{"messages":{}}'))).toMatch(/^locales\/de\.[0-9a-f]{16}\.json$/);
  });

  it('changes when the content changes, and only then', () => {
    const a = hashedCatalogName('de', Buffer.from('{"messages":{"a":["A"]}}'));
    expect(hashedCatalogName('de', Buffer.from('{"messages":{"a":["A"]}}'))).toBe(a);
    expect(hashedCatalogName('de', Buffer.from('{"messages":{"a":["B"]}}'))).not.toBe(a);
  });
});

describe('the build', () => {
  it.each(LANGUAGE_CODES)('emits the %s catalog under its content hash, with the same bytes', (language) => {
    const name = hashedCatalogName(language, catalog(language));
    const asset = assets().find((item) => item.fileName === name);

    expect(asset).toBeDefined();
    expect(Buffer.from(asset!.source).equals(catalog(language))).toBe(true);
  });

  it('tells the app those names', () => {
    for (const language of LANGUAGE_CODES) {
      expect(code()).toContain(`"/${hashedCatalogName(language, catalog(language))}"`);
    }
    expect(code()).not.toMatch(/"\/locales\/[a-z]{2}\.json"/);
  });

  it('keeps the fixed /locales/{lang}.json (the spec address) beside them', () => {
    for (const language of LANGUAGE_CODES) {
      expect(assets().map((item) => item.fileName)).toContain(`locales/${language}.json`);
    }
  });
});
