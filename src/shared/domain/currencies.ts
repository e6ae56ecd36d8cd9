// The currency a COD amount is collected in: the destination country's (spec section 9 lists the
// countries; the euro area as of 2026, Bulgaria included).

const NON_EURO: Record<string, string> = {
  AL: 'ALL', BA: 'BAM', BY: 'BYN', CH: 'CHF', CZ: 'CZK', DK: 'DKK', GB: 'GBP', GI: 'GIP', HU: 'HUF', IM: 'GBP',
  IS: 'ISK', LI: 'CHF', MD: 'MDL', MK: 'MKD', MS: 'XCD', NO: 'NOK', PL: 'PLN', RO: 'RON', RS: 'RSD', RU: 'RUB',
  SE: 'SEK', UA: 'UAH',
};

/** ISO 4217 code of the COD currency for a destination country. */
export function codCurrency(country: string): string {
  return NON_EURO[country.toUpperCase()] ?? 'EUR';
}
