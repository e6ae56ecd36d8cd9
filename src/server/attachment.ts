import { create } from 'content-disposition';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * RFC 6266 attachment header for a download, made by the `content-disposition` package (issue 30):
 * the name as a quoted string when it is plain ASCII, else a plain ASCII fallback (accents taken
 * off, not replaced by `?`) and the UTF-8 name in `filename*` encoded per RFC 5987/8187 (which
 * `encodeURIComponent` alone is not: it leaves `'`, `(`, `)` and `*` as they are). A lone
 * surrogate, which no UTF-8 can carry, becomes U+FFFD rather than an exception.
 */
export function attachment(filename: string): string {
  const name = filename.replace(LONE_SURROGATE, '\ufffd');
  const fallback = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  return create(name, { fallback });
}
