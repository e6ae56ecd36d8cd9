import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Company } from '#shared/contract/admin-companies.ts';
import { pickupAddressCheck, pickupAddressNormalised, pickupAddressSaveSchema, type AdminPickupAddress } from '#shared/contract/admin-pickup-addresses.ts';
import { messages } from '#shared/i18n/messages.ts';
import { PICKUP_WEEKDAYS, pickupDaysToMask } from '#shared/domain/pickup-days.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useAllPartners } from '../api/partners.ts';
import { useSavePickupAddress } from '../api/pickup-addresses.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { DialogActions, FormAlert } from './dialog-actions.tsx';
import { useCompanyLabels } from './use-company-labels.ts';
import { useFailureText } from './use-failure-text.ts';

const address = pickupAddressSaveSchema.shape.pickupAddress.shape;
const days = z.object({ pondelok: z.boolean(), utorok: z.boolean(), streda: z.boolean(), stvrtok: z.boolean(), piatok: z.boolean() });

/**
 * The form's shape: the body's, with the pickup days as checkboxes and partner ids as select
 * values; postal code and phone checked by the address rules as the server checks them.
 */
const addressFields = z.object({
  contactPerson: address.contactPerson,
  street: address.street,
  zip: address.zip,
  city: address.city,
  country: address.country,
  email: address.email,
  phone: address.phone,
  regularPickup: z.boolean(),
  days,
  credentials: z.array(
    z.object({
      partnerId: z.string().check(z.minLength(1, messages.required.id)),
      credentials: z.string().check(z.trim(), z.minLength(1, messages.required.id), z.maxLength(500, messages.tooLong.id)),
    }),
  ),
});
const pickupAddressFormSchema = z.object({
  pickupAddress: addressFields.check(pickupAddressCheck<z.output<typeof addressFields>>(), pickupAddressNormalised<z.output<typeof addressFields>>()),
  clientIds: z.array(z.string()),
});
type PickupAddressForm = z.input<typeof pickupAddressFormSchema>;

const FIELDS = [
  'pickupAddress.contactPerson',
  'pickupAddress.street',
  'pickupAddress.zip',
  'pickupAddress.city',
  'pickupAddress.country',
  'pickupAddress.email',
  'pickupAddress.phone',
  'pickupAddress.regularPickup',
  'clientIds',
] as const;

function initialValues(address: AdminPickupAddress | undefined, company: Company): PickupAddressForm {
  return {
    pickupAddress: {
      contactPerson: address?.contactPerson ?? '',
      street: address?.street ?? '',
      zip: address?.zip ?? '',
      city: address?.city ?? '',
      country: address?.country ?? company.country,
      email: address?.email ?? '',
      phone: address?.phone ?? '',
      regularPickup: address?.regularPickup ?? false,
      days: Object.fromEntries(PICKUP_WEEKDAYS.map((d) => [d, address?.pickupDays[d] ?? false])) as PickupAddressForm['pickupAddress']['days'],
      credentials: address?.credentials.map((c) => ({ partnerId: String(c.partnerId), credentials: c.credentials })) ?? [],
    },
    clientIds: address?.clients.map((c) => c.id) ?? [],
  };
}

/** Create or edit a pickup address: contact, address, regular pickup, Mon–Fri (sent as a bitmask), assigned clients, partner credentials. */
export function PickupAddressForm({ company, address, onDone }: { company: Company; address?: AdminPickupAddress | undefined; onDone: () => void }) {
  const { t } = useLingui();
  const labels = useCompanyLabels();
  const failureText = useFailureText();
  const save = useSavePickupAddress(company.id);
  const partners = useAllPartners();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PickupAddressForm>({ resolver: zodResolver(pickupAddressFormSchema), defaultValues: initialValues(address, company) });
  const credentials = useFieldArray({ control, name: 'pickupAddress.credentials' });
  // The days say when the carrier comes by itself: they apply to a regular pickup only (kept, not
  // disabled, while it is off: a disabled field would drop its values from the form).
  const regular = useWatch({ control, name: 'pickupAddress.regularPickup' });
  const e = errors.pickupAddress;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const { days: checked, credentials: rows, ...fields } = values.pickupAddress;
    try {
      await save.mutateAsync({
        pickupAddress: {
          ...fields,
          ...(address ? { id: address.id } : {}),
          pickupDays: pickupDaysToMask(checked),
          credentials: rows.map((r) => ({ partnerId: Number(r.partnerId), credentials: r.credentials })),
        },
        clientIds: values.clientIds,
      });
      showToast(address ? t`Pickup address saved.` : t`Pickup address added.`);
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const notOnFields = formFailureText(error, FIELDS, setError, failureText(error));
      if (notOnFields) setFailure(notOnFields);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert text={failure} />
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField label={t`Contact person`} registration={register('pickupAddress.contactPerson')} error={e?.contactPerson} autoComplete="name" />
        <TextField label={t`Street`} registration={register('pickupAddress.street')} error={e?.street} autoComplete="street-address" />
        <TextField label={t`ZIP`} registration={register('pickupAddress.zip')} error={e?.zip} autoComplete="postal-code" />
        <TextField label={t`City`} registration={register('pickupAddress.city')} error={e?.city} autoComplete="address-level2" />
        <SelectField label={t`Country`} registration={register('pickupAddress.country')} error={e?.country}>
          <option value="">{t`Choose a country`}</option>
          {labels.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t`Email`} type="email" registration={register('pickupAddress.email')} error={e?.email} autoComplete="email" />
        <TextField label={t`Phone`} type="tel" registration={register('pickupAddress.phone')} error={e?.phone} autoComplete="tel" />
      </div>
      <label className="label mt-3 cursor-pointer gap-2 whitespace-normal text-base-content">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('pickupAddress.regularPickup')} />
        <Trans>Regular pickup</Trans>
      </label>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">
          <Trans>Pickup days</Trans>
        </legend>
        <p className="label whitespace-normal">
          {regular ? (
            <Trans>The carrier comes on the days ticked without being asked.</Trans>
          ) : (
            <Trans>Without a regular pickup, the carrier comes when the company asks for it.</Trans>
          )}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {PICKUP_WEEKDAYS.map((day) => (
            <label key={day} className="label cursor-pointer gap-2 text-base-content">
              <input type="checkbox" className="checkbox checkbox-sm" {...register(`pickupAddress.days.${day}`)} />
              {labels.weekdays[day].long}
            </label>
          ))}
        </div>
      </fieldset>
      <CheckboxGroup
        control={control}
        name="clientIds"
        legend={t`Users assigned to the address`}
        options={company.clients.map((c) => ({ value: c.id, label: `${c.name} (${c.email})` }))}
        empty={t`No clients yet. Save the address first, then register its users with "Add client": they can be put on it there or here.`}
      />
      <fieldset className="fieldset">
        <legend className="fieldset-legend">
          <Trans>Partner credentials</Trans>
        </legend>
        {credentials.fields.map((row, index) => (
          <div key={row.id} className="grid grid-cols-1 items-end gap-x-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto]">
            <SelectField label={t`Partner`} registration={register(`pickupAddress.credentials.${index}.partnerId`)} error={e?.credentials?.[index]?.partnerId}>
              <option value="">{t`Choose a partner`}</option>
              {(partners.data ?? []).map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </SelectField>
            <TextField label={t`Credentials`} registration={register(`pickupAddress.credentials.${index}.credentials`)} error={e?.credentials?.[index]?.credentials} />
            <button type="button" className="btn btn-ghost btn-sm mb-1 text-error" onClick={() => credentials.remove(index)} aria-label={t`Remove credentials row ${index + 1}`}>
              ✕
            </button>
          </div>
        ))}
        <div>
          <button type="button" className="btn btn-sm" onClick={() => credentials.append({ partnerId: '', credentials: '' })}>
            <Trans>Add credentials</Trans>
          </button>
        </div>
      </fieldset>
      <DialogActions onCancel={onDone} busy={isSubmitting} submitLabel={<Trans>Save</Trans>} />
    </form>
  );
}
