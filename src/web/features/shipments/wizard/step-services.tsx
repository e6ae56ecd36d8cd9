import { useLingui } from '@lingui/react/macro';
import { useWatch } from 'react-hook-form';
import { insuranceAllowed } from '#shared/domain/shipment-rules.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { useFormat } from '#web/lib/format.ts';
import { useAmountInput } from '../components/use-amount-input.ts';
import { ConsentField } from './consent-field.tsx';
import { WizardText } from './step-package.tsx';

/** Step 5: cash on delivery, insurance (not for tracked letters to Austria) and the consent. */
export function StepServices() {
  const { t } = useLingui();
  const [country = '', product] = useWatch<WizardDraftData, ['country', 'product']>({ name: ['country', 'product'] });
  // Amounts are in the destination's currency, shown beside each field with its rule.
  const amount = useAmountInput(country);
  const format = useFormat();
  const money = (value: number) => format.amount(value, amount.currency);
  const withRule = (hint: string) => (amount.rule ? `${hint} ${amount.rule}` : hint);

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <WizardText
          path="services.cod_amount"
          label={t`Cash on delivery (optional)`}
          {...amount.input}
          numeric={money}
          hint={withRule(t`Collected from the recipient and paid out to your bank account.`)}
        />
        {insuranceAllowed(country, product) && (
          <WizardText
            path="services.insurance"
            label={t`Insurance (optional)`}
            {...amount.input}
            numeric={money}
            hint={withRule(t`The declared value, covered if the parcel is lost or damaged.`)}
          />
        )}
      </div>
      <ConsentField />
    </div>
  );
}
