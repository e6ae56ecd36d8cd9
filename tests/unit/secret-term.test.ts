// One word per language for the client's sign-in secret (issue 31, README note 122): the sign-in
// form's "Client secret" sets it (sk "tajný kľúč", de "Client-Secret", cz "tajný klíč"), and no
// catalog calls a secret a password, nor a password a secret. The English text decides which
// concept an entry speaks of: "secret" (the client secret, a partner's feed key, a webhook's
// signing secret) or "password" (the Settings form's "Change password", a URL's password).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Term {
  /** The sign-in form's label of the secret. */
  label: string;
  /** The words for a password, not to be used where the English says secret. */
  password: RegExp;
  /** The word for the secret, not to be used where the English says password. */
  secret: RegExp;
}

const TERMS: Record<'sk' | 'de' | 'cz', Term> = {
  sk: { label: 'Tajný kľúč klienta', password: /hesl[oaáuiy]|hesiel|heslám|heslách/i, secret: /tajn\S*\s+kľúč/i },
  de: { label: 'Client-Secret', password: /passw(ort|ört)|kennw(ort|ört)/i, secret: /secret/i },
  cz: { label: 'Tajný klíč klienta', password: /hesl[oaáuiy]|hesel|heslům|heslech/i, secret: /tajn\S*\s+klíč/i },
};

/** msgid -> msgstr of a catalog (obsolete #~ entries left out; continuation lines joined). */
function catalog(language: string): Map<string, string> {
  const source = readFileSync(resolve(import.meta.dirname, `../../src/web/locales/${language}/messages.po`), 'utf8');
  const entries = new Map<string, string>();
  for (const block of source.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).filter((line) => !line.startsWith('#'));
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const line of lines) {
      const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$/.exec(line);
      if (keyword) {
        current = keyword[1]!;
        fields[current] = keyword[2]!;
      } else if (current && /^".*"$/.test(line)) {
        fields[current] += line.slice(1, -1);
      }
    }
    if (fields.msgid !== undefined) {
      const strings = Object.entries(fields).filter(([name]) => name.startsWith('msgstr'));
      entries.set(fields.msgid, strings.map(([, value]) => value).join('\n'));
    }
  }
  return entries;
}

const english = catalog('en');
const speaksOfSecret = (text: string) => /\bsecrets?\b/i.test(text) && !/password/i.test(text);
const speaksOfPassword = (text: string) => /password/i.test(text) && !/\bsecrets?\b/i.test(text);

describe.each(Object.entries(TERMS))('the client secret in %s', (language, term) => {
  const entries = catalog(language);

  it('is named as the sign-in form names it', () => {
    expect(entries.get('Client secret')).toBe(term.label);
  });

  it('is never called a password where the English says secret', () => {
    const wrong = [...english].filter(([id, text]) => speaksOfSecret(text) && term.password.test(entries.get(id) ?? '')).map(([id]) => `${id} => ${entries.get(id)}`);
    expect(wrong).toEqual([]);
  });

  it('never names a password with the secret word', () => {
    const checked = [...english].filter(([, text]) => speaksOfPassword(text));
    expect(checked.length).toBeGreaterThan(0);
    const wrong = checked.filter(([id]) => term.secret.test(entries.get(id) ?? '')).map(([id]) => `${id} => ${entries.get(id)}`);
    expect(wrong).toEqual([]);
  });
});
