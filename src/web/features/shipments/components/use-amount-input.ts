import { useLingui } from '@lingui/react';
import { amountDecimals, codCurrency, hasAmountStep } from '#shared/domain/currencies.ts';
import { amountMessage } from '#shared/domain/shipment-rules.ts';
import { numberInput } from '#web/components/form/number-text.ts';

/**
 * What an amount input (COD, insurance) of a shipment to `country` needs: its currency as the
 * field's suffix, a numeric keyboard (with a decimal key unless the currency is whole units:
 * crowns, forints) and, for a currency with a step of its own, its rule as a sentence to show as a hint
 * before the clerk types a refused amount (the same text the form and the server refuse it with).
 */
export function useAmountInput(country: string) {
  const { i18n } = useLingui();
  const currency = codCurrency(country);
  return {
    currency,
    input: { ...numberInput(amountDecimals(currency) === 0 ? 'numeric' : 'decimal'), suffix: currency },
    rule: hasAmountStep(currency) ? `${i18n._(amountMessage(currency))}.` : undefined,
  };
}
