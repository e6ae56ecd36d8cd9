// Numbers as people type them in forms and spreadsheets across the portal's languages (README
// note 96, "Numbers as typed"): a decimal comma or point, thousands grouped by spaces, no-break
// spaces, apostrophes, points or commas. One rule for the web forms, the import and the contract's
// messages, and it never changes a magnitude silently:
//
// - A mark that can only be decimal is decimal: "2,5", "2.5", "2,50", "0,500", "1234,567", and the
//   last mark after groups of the other kind or of spaces ("1.234,5", "1,234.5", "1 234,500").
// - A mark that appears more than once, or before the other kind, groups thousands: "1.234.567".
// - One mark followed by exactly three digits after one to three digits ("2,500", "2.500") can be
//   either. With the language's decimal mark it is read as decimal (a Slovak "2,500" is 2.5, an
//   English "2.500" is 2.5); with the other mark, or where no language applies (the import, the
//   API), it is ambiguous: refused with a message asking for 2,5 or 2500.
// - Groups must be of three digits after a first group of one to three ("12 34" is refused).

/** The decimal mark of a language: a point in English, a comma in Slovak, German and Czech. */
export type DecimalMark = ',' | '.';

export function decimalMarkOf(language: string): DecimalMark {
  return language === 'en' ? '.' : ',';
}

export type DecimalReading = { value: number } | { problem: 'invalid' | 'ambiguous' };

/** Spaces (also no-break and narrow no-break) and apostrophes that group thousands. */
const GROUP_SPACE = /^[\s\u00a0\u202f'\u2019]$/;
const MARK = /^[.,]$/;

/** Digit runs and the single characters between them: "1 234,5" -> ["1", " ", "234", ",", "5"]. */
const SHAPE = /^[+-]?(?:\d+|(?=[.,]\d))(?:[.,\s\u00a0\u202f'\u2019]\d+)*$/;

/** The grouped integer part is well formed: a first group of 1-3 digits (not 0), then groups of 3. */
function validGroups(runs: readonly string[]): boolean {
  const [first = '', ...rest] = runs;
  return first.length >= 1 && first.length <= 3 && !first.startsWith('0') && rest.every((run) => run.length === 3);
}

/**
 * What `text` says as a number, with `decimalMark` the reader's language's (see the rule above);
 * without it, the ambiguous "2,500" and "2.500" are refused. Empty text is invalid: callers
 * decide what an empty field means.
 */
export function readDecimal(text: string, decimalMark?: DecimalMark): DecimalReading {
  const trimmed = text.trim();
  if (!SHAPE.test(trimmed)) return { problem: 'invalid' };
  const sign = /^[+-]/.test(trimmed) ? trimmed[0] : '';
  const body = sign ? trimmed.slice(1) : trimmed;
  const parts = body.split(/(\D)/);
  const runs = parts.filter((_, i) => i % 2 === 0);
  const separators = parts.filter((_, i) => i % 2 === 1);
  const number = (integer: readonly string[], fraction: string) => ({ value: Number(`${sign}${integer.join('') || '0'}.${fraction || '0'}`) });
  if (separators.length === 0) return number(runs, '');

  const last = separators.length - 1;
  const lastSeparator = separators[last] ?? '';
  const grouping = separators.slice(0, last);
  const groupKinds = new Set(grouping.map((s) => (GROUP_SPACE.test(s) ? ' ' : s)));
  // Every separator the same (a space, or one mark more than once): all of them group thousands.
  if (!MARK.test(lastSeparator) || grouping.includes(lastSeparator)) {
    const kinds = new Set(separators.map((s) => (GROUP_SPACE.test(s) ? ' ' : s)));
    return kinds.size === 1 && validGroups(runs) ? number(runs, '') : { problem: 'invalid' };
  }
  // The last separator is a mark seen once. Before it, at most one kind of grouping.
  const integerRuns = runs.slice(0, -1);
  const fraction = runs[runs.length - 1] ?? '';
  if (groupKinds.size > 1 || (groupKinds.size === 1 && !validGroups(integerRuns))) return { problem: 'invalid' };
  if (grouping.length > 0) return number(integerRuns, fraction);
  // A lone mark: decimal unless it could group thousands ("2,500": 1-3 digits, not 0, then 3).
  const couldGroup = fraction.length === 3 && validGroups(integerRuns);
  if (!couldGroup || lastSeparator === decimalMark) return number(integerRuns, fraction);
  return { problem: 'ambiguous' };
}

/** The number `text` says (see readDecimal), NaN when it says none or could mean two. */
export function parseDecimal(text: string, decimalMark?: DecimalMark): number {
  const reading = readDecimal(text, decimalMark);
  return 'value' in reading ? reading.value : Number.NaN;
}

/** True for text that reads as two numbers a thousand times apart without a language ("2,500", "2.500"). */
export function isAmbiguousDecimal(text: string): boolean {
  const reading = readDecimal(text);
  return 'problem' in reading && reading.problem === 'ambiguous';
}
