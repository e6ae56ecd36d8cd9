import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { clientRegisterSchema, type ClientWithSecret } from '#shared/contract/admin-clients.ts';
import type { Company } from '#shared/contract/admin-companies.ts';
import { CLIENT_ROLES, type ClientRole } from '#shared/domain/roles.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useRoleLabels } from '#web/components/ui/use-role-labels.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useRegisterClient } from '../api/clients.ts';
import { CheckboxGroup } from './checkbox-group.tsx';
import { DialogActions, FormAlert } from './dialog-actions.tsx';
import { useFailureText } from './use-failure-text.ts';

const formSchema = z.object({ client: clientRegisterSchema.shape.client, pickup_address: z.array(z.string()) });
type AddClientValues = z.input<typeof formSchema>;
const FIELDS = ['client.clientId', 'client.name', 'client.email', 'client.phone', 'client.role', 'pickup_address'] as const;

/** A new client of the company: id, name, email, phone, role (USER by default, never ADMIN), its pickup addresses. */
export function AddClientForm({ company, onCreated, onCancel }: { company: Company; onCreated: (result: ClientWithSecret) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const register_ = useRegisterClient(company.id);
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddClientValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { client: { clientId: '', name: '', email: '', phone: '', role: 'USER' satisfies ClientRole }, pickup_address: [] },
  });
  const roles = useRoleLabels();
  const chosenRole = useWatch({ control, name: 'client.role' }) ?? 'USER';

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await register_.mutateAsync({ ...values, company: company.id });
      showToast(t`Client created`);
      onCreated(result);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const notOnFields = formFailureText(error, FIELDS, setError, failureText(error) || t`Error creating the client`);
      if (notOnFields) setFailure(notOnFields);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert text={failure} />
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField
          label={t`Client ID (sign-in name)`}
          registration={register('client.clientId')}
          error={errors.client?.clientId}
          autoCapitalize="none"
          spellCheck={false}
          hint={t`3 to 64 letters, digits, dots, dashes, underscores or @`}
        />
        <TextField label={t`Name`} registration={register('client.name')} error={errors.client?.name} autoComplete="off" />
        <TextField label={t`Email`} type="email" registration={register('client.email')} error={errors.client?.email} autoComplete="off" />
        <TextField label={t`Phone (optional)`} type="tel" registration={register('client.phone')} error={errors.client?.phone} autoComplete="off" />
        <SelectField label={t`Role`} registration={register('client.role')} error={errors.client?.role} hint={roles.hint[chosenRole]}>
          {CLIENT_ROLES.map((role) => (
            <option key={role} value={role}>
              {roles.name[role]}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckboxGroup
        control={control}
        name="pickup_address"
        legend={t`Pickup addresses (none: every address of the company)`}
        options={company.pickupAddresses.map((a) => ({ value: a.id, label: `${a.street}, ${a.zip} ${a.city}` }))}
        empty={t`The company has no pickup addresses yet.`}
      />
      <DialogActions onCancel={onCancel} busy={isSubmitting} submitLabel={<Trans>Add client</Trans>} />
    </form>
  );
}
