import { Trans, useLingui } from '@lingui/react/macro';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { findCountry } from '#shared/domain/countries.ts';
import { addressNumberMax } from '#shared/domain/shipment-rules.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { DraftRecipient, WizardDraftData } from '#web/offline/draft-data.ts';
import { PickupPointBox } from '../components/pickup-point-box.tsx';
import { FieldErrorText, useFieldError } from './field-error.tsx';

type RecipientPath = `recipient.${keyof DraftRecipient}` & FieldPath<WizardDraftData>;

/**
 * Step 3: the recipient (the sender of a return from Hungary). For a parcel point the address is
 * the chosen point's, shown read-only; the person and contact fields stay editable.
 */
export function StepRecipient() {
  const { t } = useLingui();
  const format = useFormat();
  const { register, setValue, getValues } = useFormContext<WizardDraftData>();
  const [country, product, delivery, point] = useWatch<WizardDraftData, ['country', 'product', 'delivery', 'pickupPoint']>({
    name: ['country', 'product', 'delivery', 'pickupPoint'],
  });
  const viaPoint = delivery === 'parcel_point';
  const prefix = findCountry(country ?? '')?.phonePrefix ?? '';

  const field = (name: keyof DraftRecipient, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <RecipientField key={name} path={`recipient.${name}`} label={label} registration={register(`recipient.${name}`)} {...extra} />
  );

  const selectPoint = (selected: PickupPoint) => {
    setValue(
      'pickupPoint',
      {
        id: selected.id,
        name: selected.name,
        street: selected.street,
        city: selected.city,
        zip: selected.zip,
        delivery_method: selected.delivery_method,
      },
      { shouldDirty: true },
    );
    setValue('recipient', {
      ...getValues('recipient'),
      receiver_address_line_1: selected.street,
      receiver_address_number: '',
      receiver_address_line_2: selected.name,
      receiver_city: selected.city,
      receiver_postal_code: selected.zip,
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {viaPoint && <PickupPointBox country={country ?? ''} point={point ?? null} onSelect={selectPoint} error={<FieldErrorText path="pickupPoint" />} />}
      <p className="text-sm text-base-content/70">
        <Trans>Destination: {format.country(country ?? '')}</Trans>
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {field('receiver_name', t`Name`, {
          autoComplete: 'name',
          hint: t`A name or a company is required.`,
        })}
        {field('receiver_company_name', t`Company (optional)`, {
          autoComplete: 'organization',
        })}
        {field('receiver_address_line_1', t`Street`, {
          readOnly: viaPoint,
          autoComplete: 'address-line1',
        })}
        {field('receiver_address_number', t`House number`, {
          readOnly: viaPoint,
          maxLength: addressNumberMax(product),
        })}
        {field('receiver_address_line_2', t`Address line 2 (optional)`, {
          readOnly: viaPoint,
          autoComplete: 'address-line2',
        })}
        {field('receiver_city', t`City`, {
          readOnly: viaPoint,
          autoComplete: 'address-level2',
        })}
        {field('receiver_postal_code', t`Postal code`, {
          readOnly: viaPoint,
          autoComplete: 'postal-code',
        })}
        {field('receiver_region', t`Region (optional)`, { readOnly: viaPoint })}
        {field('receiver_phone', t`Phone`, {
          type: 'tel',
          autoComplete: 'tel',
          placeholder: `${prefix} …`,
        })}
        {field('receiver_email', t`Email`, {
          type: 'email',
          autoComplete: 'email',
        })}
        {field('receiver_vat_number', t`VAT number (optional)`)}
      </div>
    </div>
  );
}

function RecipientField({ path, ...props }: Parameters<typeof TextField>[0] & { path: RecipientPath }) {
  const error = useFieldError(path);
  return <TextField {...props} error={error} />;
}
