import { useLingui } from '@lingui/react';
import { amountDecimals, amountInputStep, codCurrency, hasAmountStep } from '#shared/domain/currencies.ts';
import { amountMessage } from '#shared/domain/shipment-rules.ts';

/**
 * What an amount input (COD, insurance) of a shipment to `country` needs: its currency as the
 * field's suffix, the input step of that currency (1 for whole crowns, 5 for forints, 0.01 for
 * euros…) and, for a currency with a step of its own, its rule as a sentence to show as a hint
 * before the clerk types a refused amount (the same text the form and the server refuse it with).
 */
export function useAmountInput(country: string) {
  const { i18n } = useLingui();
  const currency = codCurrency(country);
  return {
    currency,
    input: {
      type: 'number',
      min: '0',
      step: amountInputStep(currency),
      inputMode: amountDecimals(currency) === 0 ? 'numeric' : 'decimal',
      suffix: currency,
    } as const,
    rule: hasAmountStep(currency) ? `${i18n._(amountMessage(currency))}.` : undefined,
  };
}
