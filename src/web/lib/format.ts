// Dates, numbers, money and country names as the user reads them. Dates are dd.MM.yyyy HH:mm in
// the browser's time zone whatever the language (spec section 9); a page rendered on the server
// (public tracking) names its zone with DisplayTimeZone instead. Numbers and country names follow
// the active language through Intl (`cs` for the portal's `cz`).
import { useLingui } from '@lingui/react';
import { createContext, useContext, useMemo } from 'react';
import { amountDecimals } from '#shared/domain/currencies.ts';
import { intlTag, isLanguageCode } from '#shared/domain/languages.ts';

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd.MM.yyyy in local time; '' for a value that is not a date. */
export function formatDate(value: string | Date): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}` : '';
}

/** dd.MM.yyyy HH:mm in local time; '' for a value that is not a date. */
export function formatDateTime(value: string | Date): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** dd.MM.yyyy HH:mm in `timeZone` (an IANA name); '' for a value that is not a date. */
export function formatDateTimeIn(value: string | Date, timeZone: string): string {
  const d = toDate(value);
  if (!d) return '';
  let zoneFormat = zoneFormats.get(timeZone);
  if (!zoneFormat) {
    zoneFormat = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zoneFormats.set(timeZone, zoneFormat);
  }
  const part = Object.fromEntries(zoneFormat.formatToParts(d).map(({ type, value: text }) => [type, text]));
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

/**
 * The time zone dates are shown in: undefined (the default) is the browser's own. A page rendered
 * on the server cannot know the reader's zone and provides the carrier's.
 */
export const DisplayTimeZone = createContext<string | undefined>(undefined);

/** The BCP 47 tag for Intl of a portal language code (`cz` -> `cs`); unknown codes pass through. */
export function localeTag(language: string): string {
  return isLanguageCode(language) ? intlTag(language) : language || 'en';
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeTag(locale), options).format(value);
}

/** A number with exactly two decimals and no currency; amounts of a shipment go through formatAmount. */
export function formatMoney(value: number, locale: string): string {
  return formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * An amount in its currency (COD, insurance: the destination country's, see codCurrency) as Intl
 * writes it in the given language: "49,90 €", "1 290 Kč", "CZK 1,290". Whole-unit currencies
 * (CZK, HUF…) show no decimals, unless an amount stored before their rule has some.
 */
export function formatAmount(value: number, currency: string, locale: string): string {
  const decimals = Number.isInteger(value) ? amountDecimals(currency) : 2;
  return formatNumber(value, locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A weight in kg, up to three decimals (the input step is 0.001 kg). */
export function formatWeight(value: number, locale: string): string {
  return formatNumber(value, locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 3 });
}

/** A length in cm. */
export function formatCentimetres(value: number, locale: string): string {
  return formatNumber(value, locale, { style: 'unit', unit: 'centimeter', maximumFractionDigits: 1 });
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the given language; the code itself when Intl does not know it. */
export function countryName(code: string, locale: string): string {
  const tag = localeTag(locale);
  let names = regionNames.get(tag);
  if (!names) {
    names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
    regionNames.set(tag, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The formatters bound to the active language; components re-render when it changes. */
export function useFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const timeZone = useContext(DisplayTimeZone);
  return useMemo(
    () => ({
      locale: localeTag(locale),
      date: formatDate,
      dateTime: timeZone ? (value: string | Date) => formatDateTimeIn(value, timeZone) : formatDateTime,
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      money: (value: number) => formatMoney(value, locale),
      amount: (value: number, currency: string) => formatAmount(value, currency, locale),
      weight: (value: number) => formatWeight(value, locale),
      centimetres: (value: number) => formatCentimetres(value, locale),
      country: (code: string) => countryName(code, locale),
    }),
    [locale, timeZone],
  );
}
