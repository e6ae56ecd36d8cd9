// Characters no text of ours may hold, in one place: the contract's field builders refuse them
// (the form and the server alike) and the server's input guard (src/server/plugins/input-guard.ts)
// refuses them in every path parameter, query parameter, header and body the API receives, before
// anything reaches a query. PostgreSQL refuses NUL in text; the others corrupt what people read:
// - C0 controls (U+0000-U+001F) and DEL, and the C1 controls (U+0080-U+009F): no name, address
//   or id has them. Tab, line feed and carriage return are allowed in bodies (multi-line text),
//   never in single-line text, ids or query parameters.
// - Lone surrogates (half of a UTF-16 pair): not text at all; written to the database they would
//   silently become U+FFFD.
// - Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they make a label or
//   a tracking page show characters in another order than stored ("Trojan Source"). Right-to-left
//   text needs none of them; the marks U+200E and U+200F stay allowed.

/* eslint-disable no-control-regex -- finding control characters is the point */
const UNSAFE_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
const UNSAFE_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
/* eslint-enable no-control-regex */

/** Whether `text` holds a character of the list above (tab, LF and CR only count when not `multiline`). */
export function hasUnsafeCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? UNSAFE_MULTILINE : UNSAFE_SINGLE_LINE).test(text);
}

const UNSAFE_MULTILINE_ALL = new RegExp(UNSAFE_MULTILINE.source, 'gu');

/** `text` without the characters of the list above (tab, LF and CR kept): for text that names rather than is data, e.g. a file's column headers. */
export function dropUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_MULTILINE_ALL, '');
}

/** Tabs and line breaks inside single-line text (a spreadsheet cell, pasted text) read as one space. */
export function foldLineBreaks(text: string): string {
  return text.replace(/[\t\n\r]+/g, ' ');
}
