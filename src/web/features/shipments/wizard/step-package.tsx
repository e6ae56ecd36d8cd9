import { Trans, useLingui } from '@lingui/react/macro';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { GOODS_TYPES } from '#shared/domain/enums.ts';
import { needsCustoms, sizeLimits } from '#shared/domain/shipment-rules.ts';
import { fragileAllowed, singleParcelOnly } from '#shared/domain/wizard-rules.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
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

/** Empty number inputs are "not given" (null in the draft); anything else a number (NaN fails). */
export const asNumber = {
  setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
};

/**
 * Step 4: the consignment's content and references, then its parcels: weight, sizes with the
 * limits for the destination and delivery type as placeholders, reference; quantity and HS code
 * for customs destinations, fragile for Hungary. A Hungarian return is one parcel.
 */
export function StepPackage() {
  const { t } = useLingui();
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
        <WizardText path="package.reference_number" label={t`Reference number`} />
        <WizardText path="package.label_sender_name" label={t`Sender name on the label`} />
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
              <WizardText path={`parcels.${index}.weight`} label={t`Weight (kg)`} type="number" step="0.001" min="0" inputMode="decimal" numeric />
              {DIMENSIONS.map(({ field, limit }) => (
                <WizardText
                  key={field}
                  path={`parcels.${index}.${field}`}
                  label={dimensionLabels[field]}
                  type="number"
                  step="1"
                  min="0"
                  inputMode="numeric"
                  numeric
                  placeholder={limits ? t`max ${limits[limit]} cm` : undefined}
                />
              ))}
              <WizardText path={`parcels.${index}.reference_number`} label={t`Parcel reference`} />
              {customs && (
                <>
                  <WizardText path={`parcels.${index}.quantity`} label={t`Quantity`} type="number" step="1" min="1" inputMode="numeric" numeric />
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

type WizardTextProps = Omit<Parameters<typeof TextField>[0], 'registration' | 'error'> & { path: string; numeric?: boolean };

/** A TextField bound to a wizard path, with its error read from the form state. */
export function WizardText({ path, numeric = false, ...props }: WizardTextProps) {
  const { register } = useFormContext<WizardDraftData>();
  const error = useFieldError(path);
  return <TextField {...props} error={error} registration={register(path as never, numeric ? asNumber : undefined)} />;
}
