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

type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;

function partsFromIntl(date: Date): Parts {
  const found = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of dateTimeParts.formatToParts(date)) if (part.type in found) found[part.type as keyof typeof found] = part.value;
  return found;
}

/**
 * The zone's offset from UTC (minutes) by UTC hour. Offsets change only on whole UTC hours in
 * Europe (01:00 UTC for summer time), so one Intl call per hour serves every time in it: 1,000
 * labels asked Intl 1,000 times (a tenth of their time) for a handful of distinct offsets.
 */
const offsetByHour = new Map<number, number>();
const HOUR = 3_600_000;
const pad = (value: number) => String(value).padStart(2, '0');

function offsetMinutes(date: Date): number | undefined {
  const hour = Math.floor(date.getTime() / HOUR);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR);
    const p = partsFromIntl(start);
    // The wall-clock time at the start of the hour, read as if it were UTC, minus the instant.
    offset = (Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - start.getTime()) / 60_000;
    if (offsetByHour.size > 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return Number.isFinite(offset) ? offset : undefined;
}

function parts(date: Date): Parts {
  const offset = offsetMinutes(date);
  const year = date.getUTCFullYear();
  // Old dates (local mean time had offsets in seconds) and far ones go to Intl itself.
  if (offset === undefined || year < 1970 || year > 9999) return partsFromIntl(date);
  const local = new Date(date.getTime() + offset * 60_000);
  return {
    day: pad(local.getUTCDate()),
    month: pad(local.getUTCMonth() + 1),
    year: String(local.getUTCFullYear()),
    hour: pad(local.getUTCHours()),
    minute: pad(local.getUTCMinutes()),
  };
}

/** dd.MM.yyyy in Europe/Bratislava. */
export function printDate(date: Date): string {
  const p = parts(date);
  return `${p.day}.${p.month}.${p.year}`;
}

/** The zone's name at that instant: CET in winter, CEST in summer (the offset as ±hh:mm otherwise). */
function zoneName(date: Date): string {
  const offset = offsetMinutes(date) ?? 60;
  if (offset === 60) return 'CET';
  if (offset === 120) return 'CEST';
  return `UTC${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * dd.MM.yyyy HH:mm in Europe/Bratislava with the zone named ("29.11.2026 14:05 CET"): the
 * screens show the reader's own clock, and a manifest read abroad must not pass for local time.
 */
export function printDateTime(date: Date): string {
  const p = parts(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute} ${zoneName(date)}`;
}

const decimals = (digits: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const twoDecimals = decimals(2);
const integer = decimals(0);

const weightDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/**
 * Kilograms as the documents print every number (English, README note 30): a decimal point,
 * spaces between thousands, and no trailing zeros, so "1.5", never "1.500", which a Central
 * European reads as one thousand five hundred. Weights are entered in steps of 0.001 kg: "1 234.567".
 */
export function printWeight(kg: number): string {
  return weightDecimals.format(kg).replaceAll(',', ' ');
}

/** An amount with two decimals: "1 234.50". */
export function printAmount(amount: number): string {
  return twoDecimals.format(amount).replaceAll(',', ' ');
}

/** A count: "2 500". */
export function printCount(count: number): string {
  return integer.format(count).replaceAll(',', ' ');
}
