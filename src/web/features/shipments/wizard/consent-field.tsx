import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { FieldErrorText, useFieldError } from './field-error.tsx';

/**
 * Step 5's consent: the checkbox with its text, and under it, on a line of its own, the message
 * when Finish or Continue found it unchecked (tied to the checkbox by aria-describedby).
 */
export function ConsentField() {
  const { register } = useFormContext<WizardDraftData>();
  const error = useFieldError('services.consent');
  const errorId = useId();
  return (
    <div className="flex flex-col items-start gap-1">
      <label className="label cursor-pointer items-start gap-2 whitespace-normal text-base-content">
        <input
          type="checkbox"
          className={`checkbox checkbox-sm mt-0.5 ${error ? 'checkbox-error' : 'checkbox-primary'}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...register('services.consent')}
        />
        <Trans>I confirm that the shipment's details are correct and that it contains no goods excluded from carriage.</Trans>
      </label>
      <FieldErrorText path="services.consent" id={errorId} />
    </div>
  );
}
