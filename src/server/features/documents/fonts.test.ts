// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { oneLine } from './fonts.ts';

/** What oneLine answered before its fast path: the rule itself. */
const rule = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

describe('oneLine', () => {
  it('answers what the rule answers: white space and control characters of every kind become one space, the ends trimmed', () => {
    const texts = [
      '',
      ' ',
      'Ľubomír Šťastný',
      ' leading',
      'trailing ',
      'two  spaces',
      'tab\there',
      'new\nline',
      'nbsp\u00a0here',
      'nel\u0085here',
      'del\u007fhere',
      'c1\u0090control',
      'ogham\u1680space',
      'en\u2002space',
      'hair\u200aspace',
      'line\u2028separator',
      'paragraph\u2029separator',
      'narrow\u202fnbsp',
      'math\u205fspace',
      'ideographic\u3000space',
      'bom\ufeffhere',
      'zero\u200bwidth stays',
      '☎ +421 905 123 456',
      'Große Straße 7',
    ];
    for (const text of texts) expect(oneLine(text), JSON.stringify(text)).toBe(rule(text));
    expect(oneLine(null)).toBe('');
    expect(oneLine(undefined)).toBe('');
  });
});

describe('textWidth', () => {
  it('measures a decomposed letter (S + combining caron) as the composed one it prints as', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const { embedFonts, textWidth } = await import('./fonts.ts');
    const fonts = await embedFonts(await PDFDocument.create());
    expect(textWidth('S\u030Ctastny\u0301', fonts.bold, 10)).toBe(textWidth('Šťastný'.replace('ť', 't'), fonts.bold, 10));
    expect(textWidth('Šťastný', fonts.bold, 10)).toBeCloseTo(fonts.bold.widthOfTextAtSize('Šťastný', 10), 10);
  });
});
