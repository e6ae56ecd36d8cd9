// A company's identifiers checked by the company's country: IČO (company ID), DIČ (tax ID) and
// IČ DPH (VAT ID). Slovakia and the Czech Republic have national formats and check digits; the
// EU's VAT numbers have a format per country (the VIES prefixes: Greece writes EL); elsewhere a
// sane format only. Pure functions: the contract's schemas (form and server) call these.

/** Why an identifier is refused: it does not have its country's shape, or its check fails. */
export type IdProblem = 'format' | 'check';

/** The identifier without spaces (and, for VAT IDs, dots and dashes), upper-cased. */
export function compactId(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

const compactVat = (raw: string) => raw.replace(/[\s.-]+/g, '').toUpperCase();

/**
 * The SK/CZ IČO check: weights 8..2 on the first seven digits, the eighth is
 * (11 - sum mod 11) mod 10 (a remainder 0 gives 1, a remainder 1 gives 0).
 */
export function icoCheckDigit(firstSeven: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(firstSeven[i]) * (8 - i);
  return (11 - (sum % 11)) % 10;
}

function icoProblem(value: string): IdProblem | null {
  if (!/^\d{8}$/.test(value)) return 'format';
  return icoCheckDigit(value.slice(0, 7)) === Number(value[7]) ? null : 'check';
}

/** Ten digits divisible by 11 (Slovak DIČ and IČ DPH, Czech birth numbers since 1954). */
const divisibleBy11 = (digits: string) => BigInt(digits) % 11n === 0n;

/** A Czech birth number used as DIČ: 9 digits (before 1954, no check) or 10 digits divisible by 11 (or the old remainder-10 form ending in 0). */
function birthNumberProblem(digits: string): IdProblem | null {
  if (digits.length === 9) return null;
  if (divisibleBy11(digits)) return null;
  return BigInt(digits.slice(0, 9)) % 11n === 10n && digits.endsWith('0') ? null : 'check';
}

/** Czech DIČ (and VAT ID): CZ + 8 digits (a legal person: its IČO, same check) or 9–10 digits (a person). */
function czDicProblem(value: string): IdProblem | null {
  const m = /^CZ(\d{8,10})$/.exec(value);
  if (!m?.[1]) return 'format';
  const digits = m[1];
  if (digits.length === 8) return icoProblem(digits);
  // 9 digits starting with 6: a special number given out without a birth number (no usable check here).
  if (digits.length === 9 && digits.startsWith('6')) return null;
  return birthNumberProblem(digits);
}

/** Slovak DIČ: 10 digits, the first not 0, divisible by 11. */
function skDicProblem(value: string): IdProblem | null {
  if (!/^[1-9]\d{9}$/.test(value)) return 'format';
  return divisibleBy11(value) ? null : 'check';
}

/** Elsewhere: letters and digits with spaces, dots, dashes or slashes, at least one digit, 2–40 characters. */
function genericProblem(value: string): IdProblem | null {
  return /^[A-Z0-9][A-Z0-9 ./-]{1,39}$/i.test(value) && /\d/.test(value) ? null : 'format';
}

/** The VAT ID's two-letter prefix in a country (VIES writes Greece EL; Northern Ireland traders use XI). */
export function vatPrefixes(country: string): string[] {
  if (country === 'GR') return ['EL'];
  if (country === 'GB') return ['GB', 'XI'];
  return [country];
}

/** The part after the prefix, per country: EU member states' VAT formats, plus GB, CH and NO. */
const VAT_BODY: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  GR: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^[1-9]\d[2346-9]\d{7}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
  NO: /^\d{9}(MVA)?$/,
};

/** IČO (company ID) by the company's country: SK and CZ 8 digits with the mod-11 check digit. */
export function companyIdProblem(country: string, raw: string): IdProblem | null {
  const value = country === 'SK' || country === 'CZ' ? compactId(raw) : raw.trim();
  return country === 'SK' || country === 'CZ' ? icoProblem(value) : genericProblem(value);
}

/** DIČ (tax ID) by the company's country: SK 10 digits divisible by 11; CZ "CZ" + 8–10 digits with their check. */
export function taxIdProblem(country: string, raw: string): IdProblem | null {
  if (country === 'SK') return skDicProblem(compactId(raw));
  if (country === 'CZ') return czDicProblem(compactId(raw));
  return genericProblem(raw.trim());
}

/** IČ DPH (VAT ID) by the company's country: its prefix and format; SK and CZ also their checks. */
export function vatIdProblem(country: string, raw: string): IdProblem | null {
  const value = compactVat(raw);
  const prefix = vatPrefixes(country).find((p) => value.startsWith(p));
  const body = VAT_BODY[country];
  if (!body) return /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(value) && /\d/.test(value) ? null : 'format';
  if (!prefix || !body.test(value.slice(prefix.length))) return 'format';
  if (country === 'SK') return divisibleBy11(value.slice(2)) ? null : 'check';
  if (country === 'CZ') return czDicProblem(value);
  return null;
}

/** The identifiers as stored: SK/CZ numbers without spaces, VAT IDs compact and upper-cased, others trimmed. */
export function normalizeCompanyIds<
  T extends { country: string; companyIdentificationNumber: string; taxIdentificationNumber: string; vatIdentificationNumber?: string | null | undefined },
>(value: T): T {
  const national = value.country === 'SK' || value.country === 'CZ';
  const tidy = (raw: string) => (national ? compactId(raw) : raw.trim().replace(/\s+/g, ' '));
  return {
    ...value,
    companyIdentificationNumber: tidy(value.companyIdentificationNumber),
    taxIdentificationNumber: tidy(value.taxIdentificationNumber),
    ...(value.vatIdentificationNumber ? { vatIdentificationNumber: compactVat(value.vatIdentificationNumber) } : {}),
  };
}

/** The IČO as compared for duplicates: without spaces, dots, dashes or slashes, upper-cased. */
export function companyIdKey(raw: string): string {
  return raw.replace(/[\s./-]+/g, '').toUpperCase();
}
