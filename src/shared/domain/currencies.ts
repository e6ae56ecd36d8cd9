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
//
// Pure data and arithmetic, no messages: the web's formatters use it on every screen. The message
// for an amount off its step is money-messages.ts's, chosen by shipment-rules.ts (amountMessage).

const NON_EURO: Record<string, string> = {
  AL: 'ALL', BA: 'BAM', BY: 'BYN', CH: 'CHF', CZ: 'CZK', DK: 'DKK', GB: 'GBP', GI: 'GIP', HU: 'HUF', IM: 'GBP',
  IS: 'ISK', LI: 'CHF', MD: 'MDL', MK: 'MKD', MS: 'XCD', NO: 'NOK', PL: 'PLN', RO: 'RON', RS: 'RSD', RU: 'RUB',
  SE: 'SEK', UA: 'UAH',
};

/** ISO 4217 code of the COD (and insurance) currency for a destination country. */
export function codCurrency(country: string): string {
  return NON_EURO[country.toUpperCase()] ?? 'EUR';
}

/**
 * The smallest step of an amount in hundredths of its currency, for the currencies whose smallest
 * coin is larger than a hundredth: 100 = whole units, 500 = multiples of 5, 5 = multiples of 0.05.
 * Every other currency (EUR, PLN, RON, GBP, …) takes cents.
 */
const STEPS: Record<string, number> = {
  CZK: 100,
  HUF: 500,
  CHF: 5,
  DKK: 50,
  SEK: 100,
  NOK: 100,
  ISK: 100,
  RSD: 100,
  MKD: 100,
  ALL: 100,
  BAM: 5,
  UAH: 10,
  XCD: 5,
};
const CENTS = 1;

/** The step of an amount in hundredths of the currency (1 = cents, 100 = whole units, 500 = multiples of 5). */
export function amountStep(currency: string): number {
  return STEPS[currency.toUpperCase()] ?? CENTS;
}

/** The currencies that have a step of their own (each has its message in money-messages.ts). */
export const STEPPED_CURRENCIES: readonly string[] = Object.keys(STEPS);

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
  return units !== null && units % amountStep(currency) === 0;
}

/** True for a currency whose amounts are not simply "up to two decimals" (a form shows its rule as a hint). */
export function hasAmountStep(currency: string): boolean {
  return amountStep(currency) !== CENTS;
}

/** The decimals an amount shows: none for whole-unit currencies, two otherwise. */
export function amountDecimals(currency: string): 0 | 2 {
  return amountStep(currency) % 100 === 0 ? 0 : 2;
}

/** The step of an amount input (`step` attribute): "0.01", "0.05", "0.5", "1", "5". */
export function amountInputStep(currency: string): string {
  return String(amountStep(currency) / 100);
}
