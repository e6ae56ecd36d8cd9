// Every message has a real translation in all four catalogs (issue 2, "Web app"): this test fails,
// listing the ids, when a msgstr is empty or a catalog lacks a msgid of the English one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['en', 'sk', 'de', 'cz'] as const;

interface PoEntry {
  /** msgid, prefixed by `msgctxt` and U+0004 when the entry has a context (as gettext keys it). */
  key: string;
  msgid: string;
  /** msgstr, or msgstr[0], msgstr[1]... for plurals. */
  msgstr: string[];
}

function unquote(text: string): string {
  const body = text.trim().replace(/^"|"$/g, '');
  return body.replace(/\\(["\\ntr])/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
}

/** A tiny .po reader: msgctxt, msgid, msgid_plural, msgstr and msgstr[n] with "..." continuation lines. */
function parsePo(source: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let fields: Record<string, string> = {};
  let current: string | null = null;

  const flush = () => {
    if ('msgid' in fields) {
      const msgid = fields.msgid ?? '';
      const msgctxt = fields.msgctxt;
      const msgstr = Object.keys(fields)
        .filter((f) => f === 'msgstr' || f.startsWith('msgstr['))
        .sort()
        .map((f) => fields[f] ?? '');
      entries.push({ key: msgctxt === undefined ? msgid : `${msgctxt}\u0004${msgid}`, msgid, msgstr });
    }
    fields = {};
    current = null;
  };

  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#')) continue; // comments, references, flags and obsolete (#~) entries
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name = '', value = ''] = keyword;
      // A new msgctxt/msgid after a msgstr starts the next entry even without a blank line.
      if ((name === 'msgid' || name === 'msgctxt') && Object.keys(fields).some((f) => f.startsWith('msgstr'))) flush();
      current = name;
      fields[name] = unquote(value);
    } else if (line.startsWith('"') && current) {
      fields[current] = (fields[current] ?? '') + unquote(line);
    } else {
      throw new Error(`Cannot read .po line: ${raw}`);
    }
  }
  flush();
  // The header entry (empty msgid) is metadata, not a message.
  return entries.filter((e) => e.msgid !== '');
}

function readCatalog(language: string): PoEntry[] {
  return parsePo(readFileSync(resolve(import.meta.dirname, '../../src/web/locales', language, 'messages.po'), 'utf8'));
}

function show(entry: PoEntry): string {
  return JSON.stringify(entry.key.replace('\u0004', ' | '));
}

const catalogs = Object.fromEntries(LANGUAGES.map((l) => [l, readCatalog(l)])) as Record<(typeof LANGUAGES)[number], PoEntry[]>;
const english = catalogs.en;

describe('the .po reader', () => {
  it('reads multi-line msgid and msgstr continuations, escapes and contexts, and skips the header', () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: sk\\n"',
        '',
        '#: src/a.tsx:1',
        'msgid ""',
        '"Long "',
        '"message"',
        'msgstr ""',
        '"Dlhá "',
        '"správa \\"x\\""',
        '',
        'msgctxt "menu"',
        'msgid "Open"',
        'msgstr ""',
        '',
        '#~ msgid "Old"',
        '#~ msgstr "Staré"',
      ].join('\n'),
    );

    expect(entries).toEqual([
      { key: 'Long message', msgid: 'Long message', msgstr: ['Dlhá správa "x"'] },
      { key: 'menu\u0004Open', msgid: 'Open', msgstr: [''] },
    ]);
  });

  it('finds messages in the English catalog', () => {
    expect(english.length).toBeGreaterThan(0);
  });
});

describe.each(LANGUAGES)('the %s catalog', (language) => {
  it('has a non-empty msgstr for every msgid', () => {
    const untranslated = catalogs[language]
      .filter((e) => e.msgstr.length === 0 || e.msgstr.some((s) => s.trim() === ''))
      .map(show);

    expect(untranslated, `${untranslated.length} msgid(s) without a translation in ${language}/messages.po:\n  ${untranslated.join('\n  ')}\n`).toEqual([]);
  });

  it('has every msgid of the English catalog', () => {
    const keys = new Set(catalogs[language].map((e) => e.key));
    const missing = english.filter((e) => !keys.has(e.key)).map(show);

    expect(missing, `${missing.length} msgid(s) of en/messages.po missing from ${language}/messages.po:\n  ${missing.join('\n  ')}\n`).toEqual([]);
  });
});
