import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { clientUpdateSchema, type ClientUpdateInput } from '#shared/contract/admin-clients.ts';
import type { AdminClient } from '#shared/contract/admin-companies.ts';
import { CLIENT_ROLES, type ClientRole } from '#shared/domain/roles.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useRoleLabels } from '#web/components/ui/use-role-labels.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useUpdateClient } from '../api/clients.ts';
import { DialogActions, FormAlert } from './dialog-actions.tsx';
import { useFailureText } from './use-failure-text.ts';

const FIELDS = ['name', 'email', 'phone', 'role', 'enabled'] as const;

/** Name, email, phone, role (never ADMIN) and whether the client may sign in. */
export function EditClientForm({ companyId, client, onDone }: { companyId: string; client: AdminClient; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateClient(companyId);
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ClientUpdateInput>({
    resolver: zodResolver(clientUpdateSchema),
    defaultValues: { name: client.name, email: client.email, phone: client.phone, role: client.role as ClientRole, enabled: client.enabled },
  });

  const role = useWatch({ control, name: 'role' });
  const roles = useRoleLabels();
  const chosenRole = role ?? (client.role as ClientRole);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: client.id, body: values });
      showToast(t`Client saved.`);
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
      <p className="text-sm text-base-content/70">
        <Trans>Client ID</Trans>: <span className="font-mono">{client.clientId}</span>
      </p>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField label={t`Name`} registration={register('name')} error={errors.name} autoComplete="off" />
        <TextField label={t`Email`} type="email" registration={register('email')} error={errors.email} autoComplete="off" />
        <TextField label={t`Phone (optional)`} type="tel" registration={register('phone')} error={errors.phone} autoComplete="off" />
        <SelectField label={t`Role`} registration={register('role')} error={errors.role} hint={roles.hint[chosenRole]}>
          {CLIENT_ROLES.map((role) => (
            <option key={role} value={role}>
              {roles.name[role]}
            </option>
          ))}
        </SelectField>
      </div>
      {role !== client.role && (
        <p className="mt-2 text-sm text-base-content/80" role="status">
          <Trans>Changing the role signs the client out on every device: it signs in again with the same secret and gets the new role.</Trans>
        </p>
      )}
      <label className="label mt-3 cursor-pointer gap-2 whitespace-normal text-base-content">
        <input type="checkbox" className="toggle toggle-success" {...register('enabled')} />
        <Trans>Enabled (may sign in)</Trans>
      </label>
      <DialogActions onCancel={onDone} busy={isSubmitting} submitLabel={<Trans>Save</Trans>} />
    </form>
  );
}
