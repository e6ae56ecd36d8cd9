import { Trans, useLingui } from '@lingui/react/macro';
import { useFormContext, useWatch } from 'react-hook-form';
import { insuranceAllowed } from '../../../../shared/domain/shipment-rules.ts';
import type { WizardDraftData } from '../../../offline/draft-data.ts';
import { FieldErrorText } from './field-error.tsx';
import { WizardText } from './step-package.tsx';

/** Step 5: cash on delivery, insurance (not for tracked letters to Austria) and the consent. */
export function StepServices() {
  const { t } = useLingui();
  const { register } = useFormContext<WizardDraftData>();
  const [country = '', product] = useWatch<WizardDraftData, ['country', 'product']>({ name: ['country', 'product'] });

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <WizardText
          path="services.cod_amount"
          label={t`Cash on delivery (optional)`}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          numeric
          hint={t`Collected from the recipient and paid out to your bank account.`}
        />
        {insuranceAllowed(country, product) && (
          <WizardText
            path="services.insurance"
            label={t`Insurance (optional)`}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            numeric
            hint={t`The declared value, covered if the parcel is lost or damaged.`}
          />
        )}
      </div>
      <div>
        <label className="label cursor-pointer items-start gap-2 whitespace-normal text-base-content">
          <input type="checkbox" className="checkbox checkbox-primary checkbox-sm mt-0.5" {...register('services.consent')} />
          <Trans>I confirm that the shipment's details are correct and that it contains no goods excluded from carriage.</Trans>
        </label>
        <FieldErrorText path="services.consent" />
      </div>
    </div>
  );
}
