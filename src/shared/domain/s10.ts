// UPU S10 item identifiers: 2 service letters, 8-digit serial, mod-11 check digit, 2-letter
// country of the issuing operator (e.g. RR123456785SK).

const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/** The S10 check digit of an 8-digit serial number. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error('S10 serial must be 8 digits');
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(serial[i]), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export function makeS10(service: string, serialNumber: number, country: string): string {
  if (!/^[A-Z]{2}$/.test(service) || !/^[A-Z]{2}$/.test(country)) throw new Error('S10 service and country are two capital letters');
  const serial = String(serialNumber % 100_000_000).padStart(8, '0');
  return `${service}${serial}${s10CheckDigit(serial)}${country}`;
}

export function isValidS10(value: string): boolean {
  const match = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/.exec(value.trim().toUpperCase());
  return !!match && s10CheckDigit(match[2]!) === Number(match[3]);
}
