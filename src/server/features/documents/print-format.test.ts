// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { printAmount, printCount, printDate, printDateTime, printWeight } from './print-format.ts';

const intl = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bratislava',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const zone = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bratislava', timeZoneName: 'short' });
/** What Intl itself says, as dd.MM.yyyy HH:mm and the zone's short name (CET, CEST). */
function expected(date: Date): string {
  const p = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]));
  const name = zone.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute} ${name}`;
}

describe('printDate and printDateTime (Europe/Bratislava)', () => {
  it('agree with Intl every 37 min 13 s across two years, both summer-time changes included', { timeout: 30_000 }, () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000 + 13_000) {
      const date = new Date(t);
      const want = expected(date);
      if (printDateTime(date) !== want || printDate(date) !== want.slice(0, 10)) wrong.push(`${date.toISOString()}: ${printDateTime(date)}, not ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it('turns the day at local midnight and follows the clock change to the minute', () => {
    // 23:30 UTC in winter is 00:30 the next day in Bratislava.
    expect(printDateTime(new Date('2026-03-14T23:30:00Z'))).toBe('15.03.2026 00:30 CET');
    // Summer time starts at 01:00 UTC on 29 March 2026 (02:00 → 03:00 local).
    expect(printDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('29.03.2026 01:59 CET');
    expect(printDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29.03.2026 03:00 CEST');
    // It ends at 01:00 UTC on 25 October 2026 (03:00 → 02:00 local): the zone tells the two 02:30s apart.
    expect(printDateTime(new Date('2026-10-25T00:59:00Z'))).toBe('25.10.2026 02:59 CEST');
    expect(printDateTime(new Date('2026-10-25T01:00:00Z'))).toBe('25.10.2026 02:00 CET');
  });

  it('asks Intl itself for dates before 1970', () => {
    const old = new Date('1950-06-01T12:00:00Z');
    expect(printDateTime(old).slice(0, 16)).toBe(expected(old).slice(0, 16));
  });
});

describe('numbers', () => {
  it('print with a decimal point and spaces between thousands', () => {
    expect(printWeight(1234.5)).toBe('1 234.5');
    expect(printAmount(1234.5)).toBe('1 234.50');
    expect(printCount(2500)).toBe('2 500');
  });

  it('print weights without trailing zeros: "1.5 kg" cannot be read as 1,500 kg (issue 31)', () => {
    expect(printWeight(1.5)).toBe('1.5');
    expect(printWeight(2)).toBe('2');
    expect(printWeight(0.25)).toBe('0.25');
    expect(printWeight(31.5)).toBe('31.5');
    expect(printWeight(1.234)).toBe('1.234');
  });
});
