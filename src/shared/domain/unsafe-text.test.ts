import { describe, expect, it } from 'vitest';
import { dropUnsafeCharacters, foldLineBreaks, hasUnsafeCharacters } from './unsafe-text.ts';

describe('hasUnsafeCharacters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', 'a\u0007b'],
    ['ESC', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['CSI (C1)', '\u009b'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
    ['a reversed pair', '\ude00\ud83d'],
    ['left-to-right embedding', '\u202a'],
    ['right-to-left override', 'abc\u202edef'],
    ['first-strong isolate', '\u2068'],
    ['pop directional isolate', '\u2069'],
  ])('finds %s', (_label, text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
    expect(hasUnsafeCharacters(text, { multiline: true })).toBe(true);
  });

  it.each([
    ['plain text', 'Ján Novák, Obchodná 12'],
    ['an emoji (a valid surrogate pair)', 'Box 📦'],
    ['Arabic and Hebrew', 'مرحبا שלום'],
    ['left-to-right and right-to-left marks', 'a\u200eb\u200fc'],
    ['a zero-width joiner and a BOM', '👩\u200d💻\ufeff'],
    ['the replacement character', '\ufffd'],
    ['no-break space', 'a\u00a0b'],
  ])('accepts %s', (_label, text) => {
    expect(hasUnsafeCharacters(text)).toBe(false);
  });

  it('allows tab, line feed and carriage return only in multi-line text', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(hasUnsafeCharacters(text)).toBe(true);
      expect(hasUnsafeCharacters(text, { multiline: true })).toBe(false);
    }
    expect(hasUnsafeCharacters('a\u000bb', { multiline: true })).toBe(true);
  });
});

describe('foldLineBreaks', () => {
  it('reads each run of tabs and line breaks as one space', () => {
    expect(foldLineBreaks('Obchodná\r\n12\t\tBratislava')).toBe('Obchodná 12 Bratislava');
    expect(foldLineBreaks('no breaks')).toBe('no breaks');
  });
});

describe('dropUnsafeCharacters', () => {
  it('drops NUL, controls, bidi overrides and lone surrogates, keeping tabs, line breaks and letters', () => {
    expect(dropUnsafeCharacters('Me\u0000no\u202E\t\u0007Ulica\uD800')).toBe('Meno\tUlica');
    expect(dropUnsafeCharacters('Číslo domu 👍')).toBe('Číslo domu 👍');
  });
});
