import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { BankAccount, BankAccountInput } from '#shared/contract/admin-companies.ts';
import { formFailureText } from '#web/components/form/server-errors.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useSaveBankAccount } from '../api/bank-accounts.ts';
import { DialogActions, FormAlert } from './dialog-actions.tsx';
import { bankAccountFormSchema, formatIban } from './iban.ts';
import { useFailureText } from './use-failure-text.ts';

const FIELDS = ['iban', 'swift', 'bulkPaymentMode'] as const;

/** IBAN, SWIFT/BIC and bulk payment mode; a bad IBAN or BIC is refused before anything is sent. */
export function BankAccountForm({ companyId, account, onDone }: { companyId: string; account?: BankAccount | undefined; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSaveBankAccount(companyId);
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BankAccountInput>({
    resolver: zodResolver(bankAccountFormSchema),
    defaultValues: { iban: account ? formatIban(account.iban) : '', swift: account?.swift ?? '', bulkPaymentMode: account?.bulkPaymentMode ?? false },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ ...values, ...(account ? { id: account.id } : {}) });
      showToast(account ? t`Bank account saved.` : t`Bank account added.`);
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
      <TextField label={t`IBAN`} registration={register('iban')} error={errors.iban} autoCapitalize="characters" spellCheck={false} placeholder="SK31 1200 0000 1987 4263 7541" />
      <TextField label={t`SWIFT/BIC`} registration={register('swift')} error={errors.swift} autoCapitalize="characters" spellCheck={false} placeholder="TATRSKBX" />
      <label className="label mt-2 cursor-pointer gap-2 whitespace-normal text-base-content">
        <input type="checkbox" className="toggle toggle-success" {...register('bulkPaymentMode')} />
        <Trans>Bulk payment mode</Trans>
      </label>
      <DialogActions onCancel={onDone} busy={isSubmitting} submitLabel={<Trans>Save</Trans>} />
    </form>
  );
}
