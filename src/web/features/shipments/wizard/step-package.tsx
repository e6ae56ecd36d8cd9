import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { GOODS_TYPES } from '#shared/domain/enums.ts';
import { needsCustoms, sizeLimits } from '#shared/domain/shipment-rules.ts';
import { fragileAllowed, singleParcelOnly } from '#shared/domain/wizard-rules.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { numberInput, numberText, understood } from '#web/components/form/number-text.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { useShipmentLabels } from '../components/use-shipment-labels.ts';
import { FieldErrorText, useFieldError } from './field-error.tsx';
import { deliveryMethodOf, emptyParcel } from './wizard-values.ts';

/** Each size field with its limit ("max N cm" from the shared limits, so it works offline). */
const DIMENSIONS = [
  { field: 'width', limit: 'maxWidth' },
  { field: 'height', limit: 'maxHeight' },
  { field: 'length', limit: 'maxLength' },
] as const;

/** The most parcels one submission may hold (the contract's limit). */
const MAX_PARCELS = 50;

/**
 * Step 4: the consignment's content, references (optional) and the sender's name on the label
 * (the company's name to start with), then its parcels: weight, sizes with the
 * limits for the destination and delivery type as placeholders, reference; quantity and HS code
 * for customs destinations, fragile for Hungary. A Hungarian return is one parcel.
 */
export function StepPackage() {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const { register, control, getValues } = useFormContext<WizardDraftData>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'parcels',
  });
  const [country = '', product] = useWatch<WizardDraftData, ['country', 'product']>({ name: ['country', 'product'] });
  const limits = sizeLimits(country, product, deliveryMethodOf(getValues()));
  const customs = needsCustoms(country);
  const dimensionLabels = { width: t`Width (cm)`, height: t`Height (cm)`, length: t`Length (cm)` };
  const canAdd = !singleParcelOnly(country, product) && fields.length < MAX_PARCELS;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <WizardText path="package.content" label={t`Content`} />
        <WizardText path="package.reference_number" label={t`Reference number (optional)`} />
        <WizardText path="package.label_sender_name" label={t`Sender name on the label`} autoComplete="organization" />
        <SelectField label={t`Goods type`} registration={register('package.goods_type')} error={useFieldError('package.goods_type')}>
          {GOODS_TYPES.map((type) => (
            <option key={type} value={type}>
              {labels.goodsType[type]}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <WizardText path="package.info" label={t`Note for the courier (optional)`} />
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">
          <Trans>Parcels ({fields.length})</Trans>
        </h3>
        <FieldErrorText path="parcels.root" />
        {fields.map((row, index) => (
          <fieldset key={row.id} className="rounded-box border border-base-300 p-3" aria-label={t`Parcel ${index + 1}`}>
            <div className="flex items-center justify-between">
              <legend className="font-medium">
                <Trans>Parcel {index + 1}</Trans>
              </legend>
              {fields.length > 1 && (
                <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => remove(index)}>
                  <Trans>Remove parcel {index + 1}</Trans>
                </button>
              )}
            </div>
            <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
              <WizardText path={`parcels.${index}.weight`} label={t`Weight (kg)`} {...numberInput('decimal')} numeric={format.weight} />
              {DIMENSIONS.map(({ field, limit }) => (
                <WizardText
                  key={field}
                  path={`parcels.${index}.${field}`}
                  label={dimensionLabels[field]}
                  {...numberInput('numeric')}
                  numeric={format.centimetres}
                  placeholder={limits ? t`max ${limits[limit]} cm` : undefined}
                />
              ))}
              <WizardText path={`parcels.${index}.reference_number`} label={t`Parcel reference (optional)`} />
              {customs && (
                <>
                  <WizardText path={`parcels.${index}.quantity`} label={t`Quantity`} {...numberInput('numeric')} numeric={format.number} />
                  <WizardText path={`parcels.${index}.hs_tariff_code`} label={t`HS tariff code`} inputMode="numeric" maxLength={10} />
                </>
              )}
            </div>
            {fragileAllowed(country) && (
              <label className="label mt-2 cursor-pointer gap-2">
                <input type="checkbox" className="checkbox checkbox-sm" {...register(`parcels.${index}.fragile`)} />
                <Trans>Fragile</Trans>
              </label>
            )}
          </fieldset>
        ))}
        {canAdd && (
          <button
            type="button"
            className="btn btn-outline btn-sm w-fit"
            onClick={() =>
              append({
                ...emptyParcel(),
                reference_number: getValues('package.reference_number') ?? '',
              })
            }
          >
            <Trans>Add parcel</Trans>
          </button>
        )}
      </div>
    </div>
  );
}

type WizardTextProps = Omit<Parameters<typeof TextField>[0], 'registration' | 'error' | 'understood'> & {
  path: string;
  /** A number field: how its value is written when understood ("2,5 kg"). */
  numeric?: (value: number) => string;
};

/**
 * A TextField bound to a wizard path, with its error read from the form state. A numeric one is
 * typed in the user's language (number-text.ts: empty is null in the draft, text that is not a
 * number stays as typed for the check to explain) and shows its value as understood.
 */
export function WizardText({ path, numeric, ...props }: WizardTextProps) {
  const { i18n } = useLingui();
  const { register } = useFormContext<WizardDraftData>();
  const error = useFieldError(path);
  const value: unknown = useWatch({ name: path as never });
  const options = useMemo(() => (numeric ? numberText(i18n.locale, null) : undefined), [numeric, i18n.locale]);
  return <TextField {...props} error={error} registration={register(path as never, options)} understood={numeric && understood(value, numeric)} />;
}
