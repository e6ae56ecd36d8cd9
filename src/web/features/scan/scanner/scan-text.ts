// Where a scanned id goes in the scan field's text: always on a line of its own, so that the list
// stays readable and a half-typed id is never glued to a scanned one.
import { parcelIdFromScan } from '#shared/domain/parcel-status-rules.ts';

/** The text with `code`'s parcel id added as the last line. */
export function appendIdLine(text: string, code: string): string {
  const id = parcelIdFromScan(code);
  if (!id) return text;
  const body = text.replace(/[ \t]+$/, '');
  return body === '' || body.endsWith('\n') ? `${body}${id}\n` : `${body}\n${id}\n`;
}

/**
 * A scanner typed `code` into the field itself, ending just before `caret`: the code becomes its
 * parcel id (a QR's `|COUNTRY|POSTCODE` tail goes) followed by a line break, and the caret moves
 * after it. Null, leaving the field as typed, when the text before the caret is not the code or
 * the code does not start a new id (glued to other characters, it may be the tail of a scan the
 * detector saw only in part: splitting it would make two wrong ids).
 */
export function placeScannedId(text: string, caret: number, code: string): { text: string; caret: number } | null {
  const start = caret - code.length;
  if (start < 0 || text.slice(start, caret) !== code) return null;
  const before = text.slice(0, start);
  if (before !== '' && !/[\s,]$/.test(before)) return null;
  let after = text.slice(caret);
  if (after.startsWith('\n')) after = after.slice(1);
  const placed = `${before}${parcelIdFromScan(code)}\n`;
  return { text: placed + after, caret: placed.length };
}
