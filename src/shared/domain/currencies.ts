// The currency of a shipment's amounts (cash on delivery and insurance) and what an amount in it
// may be. Amounts are in the destination country's currency (spec section 9 lists the countries;
// the euro area as of 2026, Bulgaria included), the currency that labels and manifests print.
//
// Our rule as a carrier: the courier collects cash on delivery at the door, so an amount must be
// payable exactly with the coins of its currency, with no rounding at the door and therefore no
// difference between what the label says, what the recipient pays and what the sender is paid
// out. Where the smallest coin is larger than a hundredth, amounts are multiples of it: whole
// crowns in CZK (no haléř coins since 2008), multiples of 5 forints in HUF (no 1 and 2 Ft coins
// since 2008), 0.05 in CHF, and so on below. Everywhere else, cents. Insurance follows the same
// rule, so that a currency has one rule for every amount a clerk types. Where a country rounds
// cash payments by law but keeps its small coins (the euro's 1 and 2 cent coins in Slovakia and
// others), cents stay: the coins are legal tender and the recipient may pay by card.
import type { MessageDescriptor } from '../i18n/messages.ts';
import { messages } from '../i18n/messages.ts';
import { moneyMessages } from '../i18n/money-messages.ts';

const NON_EURO: Record<string, string> = {
  AL: 'ALL', BA: 'BAM', BY: 'BYN', CH: 'CHF', CZ: 'CZK', DK: 'DKK', GB: 'GBP', GI: 'GIP', HU: 'HUF', IM: 'GBP',
  IS: 'ISK', LI: 'CHF', MD: 'MDL', MK: 'MKD', MS: 'XCD', NO: 'NOK', PL: 'PLN', RO: 'RON', RS: 'RSD', RU: 'RUB',
  SE: 'SEK', UA: 'UAH',
};

/** ISO 4217 code of the COD (and insurance) currency for a destination country. */
export function codCurrency(country: string): string {
  return NON_EURO[country.toUpperCase()] ?? 'EUR';
}

export interface AmountRule {
  /** The smallest step of an amount in hundredths of the currency: 1 = 0.01, 5 = 0.05, 100 = whole units, 500 = multiples of 5. */
  step: number;
  /** Why an amount off the step is refused. */
  message: MessageDescriptor;
}

/** Cents: every other currency (EUR, PLN, RON, GBP, …). Three decimals are the schema's "two decimal places" message. */
const CENTS: AmountRule = { step: 1, message: messages.moneyStep };

/** Currencies whose smallest coin is larger than a hundredth. */
const RULES: Record<string, AmountRule> = {
  CZK: { step: 100, message: moneyMessages.czk },
  HUF: { step: 500, message: moneyMessages.huf },
  CHF: { step: 5, message: moneyMessages.chf },
  DKK: { step: 50, message: moneyMessages.dkk },
  SEK: { step: 100, message: moneyMessages.sek },
  NOK: { step: 100, message: moneyMessages.nok },
  ISK: { step: 100, message: moneyMessages.isk },
  RSD: { step: 100, message: moneyMessages.rsd },
  MKD: { step: 100, message: moneyMessages.mkd },
  ALL: { step: 100, message: moneyMessages.all },
  BAM: { step: 5, message: moneyMessages.bam },
  UAH: { step: 10, message: moneyMessages.uah },
  XCD: { step: 5, message: moneyMessages.xcd },
};

export function amountRule(currency: string): AmountRule {
  return RULES[currency.toUpperCase()] ?? CENTS;
}

/** The amount in hundredths, or null when it has more than two decimals. */
function hundredths(amount: number): number | null {
  const scaled = amount * 100;
  const rounded = Math.round(scaled);
  return Math.abs(rounded - scaled) < 1e-6 ? rounded : null;
}

/** True for an amount with at most two decimals (what the contract's schema asks of every amount). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return hundredths(amount) !== null;
}

/** True when the amount is a multiple of the currency's step (at most two decimals for cents). */
export function isAmountAllowed(amount: number, currency: string): boolean {
  const units = hundredths(amount);
  return units !== null && units % amountRule(currency).step === 0;
}

/** True for a currency whose amounts are not simply "up to two decimals" (a form shows its rule as a hint). */
export function hasAmountStep(currency: string): boolean {
  return amountRule(currency).step !== CENTS.step;
}

/** The decimals an amount shows: none for whole-unit currencies, two otherwise. */
export function amountDecimals(currency: string): 0 | 2 {
  return amountRule(currency).step % 100 === 0 ? 0 : 2;
}

/** The step of an amount input (`step` attribute): "0.01", "0.05", "0.5", "1", "5". */
export function amountInputStep(currency: string): string {
  return String(amountRule(currency).step / 100);
}
