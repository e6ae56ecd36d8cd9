// Dates and numbers as labels and manifests print them, the same whatever the reader's language:
// dd.MM.yyyy HH:mm in the carrier's time zone (the server may run in UTC), a decimal point and
// spaces between thousands (a comma would read as the decimal mark in Central Europe).

const TIME_ZONE = 'Europe/Bratislava';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(date: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const found = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of dateTimeParts.formatToParts(date)) if (part.type in found) found[part.type as keyof typeof found] = part.value;
  return found;
}

/** dd.MM.yyyy in Europe/Bratislava. */
export function printDate(date: Date): string {
  const p = parts(date);
  return `${p.day}.${p.month}.${p.year}`;
}

/** dd.MM.yyyy HH:mm in Europe/Bratislava. */
export function printDateTime(date: Date): string {
  const p = parts(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

const decimals = (digits: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const threeDecimals = decimals(3);
const twoDecimals = decimals(2);
const integer = decimals(0);

/** Kilograms with three decimals (weights are entered in steps of 0.001 kg): "1 234.500". */
export function printWeight(kg: number): string {
  return threeDecimals.format(kg).replaceAll(',', ' ');
}

/** An amount with two decimals: "1 234.50". */
export function printAmount(amount: number): string {
  return twoDecimals.format(amount).replaceAll(',', ' ');
}

/** A count: "2 500". */
export function printCount(count: number): string {
  return integer.format(count).replaceAll(',', ' ');
}
