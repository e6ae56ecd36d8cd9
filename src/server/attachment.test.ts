// attachment(): the Content-Disposition of every download (labels, manifests, import results,
// reports), per RFC 6266 with the RFC 5987/8187 encoding of a name that is not plain ASCII.
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachment } from './attachment.ts';

/** RFC 5987 ext-value: a charset, an empty language and only attr-chars or %XX (no ' ( ) * or space). */
const EXT_VALUE = /^UTF-8''(?:%[0-9A-F]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*$/;

const NAMES = ['labels.pdf', 'Žilina zásielky.xlsx', "Objednávky (kópia) d'Ann*.csv", 'Košice "sklad" \\ 2.csv', 'zásielky 100%.xlsx', 'new\nline.csv'];

describe('attachment()', () => {
  it.each(NAMES)('names %j so that a reader of the RFC gets the same name back', (name) => {
    const header = attachment(name);
    const parsed = parse(header);

    expect(parsed.type).toBe('attachment');
    expect(parsed.parameters.filename).toBe(name);
  });

  it.each(NAMES.filter((name) => /[^\x20-\x7e]/.test(name)))('encodes %j per RFC 5987, with a plain ASCII fallback', (name) => {
    const header = attachment(name);
    const ext = /filename\*=([^;]+)/.exec(header)?.[1];
    const fallback = /filename=(?:"((?:[^"\\]|\\.)*)"|([^;"]+))/.exec(header)?.slice(1).find((value) => value !== undefined);

    expect(ext).toMatch(EXT_VALUE);
    expect(fallback).toMatch(/^[\x20-\x7e]*$/);
    expect(fallback).not.toContain('?');
  });

  it('encodes a name with a reserved RFC 5987 character (an apostrophe, brackets) in filename*', () => {
    expect(/filename\*=([^;]+)/.exec(attachment("Zásielky (kópia) d'Ann.csv"))?.[1]).toMatch(EXT_VALUE);
  });

  it('answers a header for a name with a lone surrogate instead of throwing', () => {
    expect(() => attachment('zásielky\ud800.csv')).not.toThrow();
  });
});
