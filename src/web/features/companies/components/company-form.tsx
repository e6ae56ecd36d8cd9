import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { companyFieldsSchema, type Company, type CompanyFieldsInput } from '#shared/contract/admin-companies.ts';
import { adminMessages } from '#shared/i18n/admin-messages.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { DialogActions, FormAlert } from './dialog-actions.tsx';
import { useCompanyLabels } from './use-company-labels.ts';
import { useFailureText } from './use-failure-text.ts';

const FIELDS = [
  'name',
  'street',
  'zip',
  'city',
  'country',
  'companyIdentificationNumber',
  'taxIdentificationNumber',
  'vatIdentificationNumber',
  'invoiceStreet',
  'invoiceCity',
  'invoiceZip',
  'invoiceCountry',
] as const;

export function companyFormValues(company?: Company): CompanyFieldsInput {
  return {
    name: company?.name ?? '',
    street: company?.street ?? '',
    zip: company?.zip ?? '',
    city: company?.city ?? '',
    country: company?.country ?? '',
    companyIdentificationNumber: company?.companyIdentificationNumber ?? '',
    taxIdentificationNumber: company?.taxIdentificationNumber ?? '',
    vatIdentificationNumber: company?.vatIdentificationNumber ?? '',
    invoiceStreet: company?.invoiceStreet ?? '',
    invoiceCity: company?.invoiceCity ?? '',
    invoiceZip: company?.invoiceZip ?? '',
    invoiceCountry: company?.invoiceCountry ?? '',
  };
}

/**
 * The company's fields (add and edit): name, street, zip, city, country, IČO and DIČ required;
 * VAT number and invoice address optional. The shared schema checks postal codes and
 * identifiers by country before the server does; server field errors land on their fields. An
 * IČO another company has asks before it is saved (README note 119).
 */
export function CompanyForm({
  company,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  company?: Company;
  submitLabel: ReactNode;
  onSubmit: (fields: CompanyFieldsInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const labels = useCompanyLabels();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFieldsInput>({ resolver: zodResolver(companyFieldsSchema), defaultValues: companyFormValues(company) });

  // Another company already has the IČO (README note 119): the server names it; saving again confirms.
  const [duplicate, setDuplicate] = useState<{ message: string; field: string; values: CompanyFieldsInput } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const send = async (values: CompanyFieldsInput) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!values.confirmDuplicate && error.status === 409 && error.body?.codes?.companyIdentificationNumber?.includes('company_id.duplicate')) {
        setDuplicate({ message: error.body.message ?? failureText(error), field: error.fields.companyIdentificationNumber?.[0] ?? adminMessages.cinDuplicate.id, values });
        return;
      }
      const notOnFields = formFailureText(error, FIELDS, setError, failureText(error));
      if (notOnFields) setFailure(notOnFields);
    }
  };
  const submit = handleSubmit(send);
  const confirmDuplicate = async () => {
    if (!duplicate) return;
    setConfirming(true);
    try {
      await send({ ...duplicate.values, confirmDuplicate: true });
    } finally {
      setConfirming(false);
      setDuplicate(null);
    }
  };

  const countryOptions = (placeholder: string) => (
    <>
      <option value="">{placeholder}</option>
      {labels.countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert text={failure} />
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label={t`Company name`} registration={register('name')} error={errors.name} autoComplete="organization" />
        </div>
        <TextField label={t`Street`} registration={register('street')} error={errors.street} autoComplete="street-address" />
        <TextField label={t`ZIP`} registration={register('zip')} error={errors.zip} autoComplete="postal-code" />
        <TextField label={t`City`} registration={register('city')} error={errors.city} autoComplete="address-level2" />
        <SelectField label={t`Country`} registration={register('country')} error={errors.country}>
          {countryOptions(t`Choose a country`)}
        </SelectField>
        <TextField label={t`Company ID (IČO)`} registration={register('companyIdentificationNumber')} error={errors.companyIdentificationNumber} />
        <TextField label={t`Tax ID (DIČ)`} registration={register('taxIdentificationNumber')} error={errors.taxIdentificationNumber} />
        <TextField label={t`VAT ID (IČ DPH, optional)`} registration={register('vatIdentificationNumber')} error={errors.vatIdentificationNumber} />
      </div>
      <fieldset className="mt-2">
        <legend className="text-sm font-semibold">
          <Trans>Invoice address (optional)</Trans>
        </legend>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <TextField label={t`Invoice street`} registration={register('invoiceStreet')} error={errors.invoiceStreet} />
          <TextField label={t`Invoice ZIP`} registration={register('invoiceZip')} error={errors.invoiceZip} />
          <TextField label={t`Invoice city`} registration={register('invoiceCity')} error={errors.invoiceCity} />
          <SelectField label={t`Invoice country`} registration={register('invoiceCountry')} error={errors.invoiceCountry}>
            {countryOptions(t`None`)}
          </SelectField>
        </div>
      </fieldset>
      <DialogActions onCancel={onCancel} busy={isSubmitting || confirming} submitLabel={submitLabel} />
      <ConfirmDialog
        open={duplicate !== null}
        title={t`Another company has this IČO`}
        confirmLabel={t`Save anyway`}
        tone="primary"
        busy={confirming}
        onConfirm={() => void confirmDuplicate()}
        onCancel={() => {
          // Not saved: the IČO field says why (the server's words, in the user's language).
          if (duplicate) setError('companyIdentificationNumber', { type: 'server', message: duplicate.field }, { shouldFocus: true });
          setDuplicate(null);
        }}
      >
        <p>{duplicate?.message}</p>
      </ConfirmDialog>
    </form>
  );
}
