// Postal-code formats where the format is well defined; codes are normalised before storing
// (SK/CZ "NNN NN", PL "NN-NNN", DE 5 digits, AT/HU/CH/... 4 digits, GB outward + inward).

type Rule = { pattern: RegExp; format: (digits: string) => string };

const digitsOnly = (n: number): Rule => ({ pattern: new RegExp(`^\\d{${n}}$`), format: (d) => d });

const RULES: Record<string, Rule> = {
  SK: { pattern: /^\d{5}$/, format: (d) => `${d.slice(0, 3)} ${d.slice(3)}` },
  CZ: { pattern: /^\d{5}$/, format: (d) => `${d.slice(0, 3)} ${d.slice(3)}` },
  PL: { pattern: /^\d{5}$/, format: (d) => `${d.slice(0, 2)}-${d.slice(2)}` },
  DE: digitsOnly(5),
  FR: digitsOnly(5),
  IT: digitsOnly(5),
  ES: digitsOnly(5),
  HR: digitsOnly(5),
  FI: digitsOnly(5),
  EE: digitsOnly(5),
  UA: digitsOnly(5),
  AT: digitsOnly(4),
  HU: digitsOnly(4),
  CH: digitsOnly(4),
  LI: digitsOnly(4),
  BE: digitsOnly(4),
  BG: digitsOnly(4),
  DK: digitsOnly(4),
  NO: digitsOnly(4),
  SI: digitsOnly(4),
  LU: digitsOnly(4),
  RO: digitsOnly(6),
  RU: digitsOnly(6),
  BY: digitsOnly(6),
  SE: { pattern: /^\d{5}$/, format: (d) => `${d.slice(0, 3)} ${d.slice(3)}` },
  GR: { pattern: /^\d{5}$/, format: (d) => `${d.slice(0, 3)} ${d.slice(3)}` },
  PT: { pattern: /^\d{7}$/, format: (d) => `${d.slice(0, 4)}-${d.slice(4)}` },
};

const GB = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
const NL = /^(\d{4})([A-Z]{2})$/;

/** The normalised postal code, or null when it does not fit the country's format. */
export function normalizePostalCode(country: string, raw: string): string | null {
  const value = raw.trim().toUpperCase();
  if (!value) return null;
  const compact = value.replace(/[\s-]/g, '');
  const rule = RULES[country];
  if (rule) return rule.pattern.test(compact) ? rule.format(compact) : null;
  if (country === 'GB' || country === 'IM' || country === 'GI') {
    const m = GB.exec(compact);
    return m ? `${m[1]} ${m[2]}` : null;
  }
  if (country === 'NL') {
    const m = NL.exec(compact);
    return m ? `${m[1]} ${m[2]}` : null;
  }
  // Elsewhere: letters, digits, spaces and dashes, 2 to 10 characters.
  return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(value) ? value.replace(/\s+/g, ' ') : null;
}

/** An example of the expected format, for placeholders and messages. */
export function postalCodeExample(country: string): string {
  const examples: Record<string, string> = { SK: '811 01', CZ: '110 00', PL: '00-950', DE: '10115', AT: '1010', HU: '1051', CH: '8001', GB: 'SW1A 1AA', NL: '1012 AB' };
  return examples[country] ?? '';
}
