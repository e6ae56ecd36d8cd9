import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { BankAccount, Company } from '#shared/contract/admin-companies.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useDeleteBankAccount } from '../api/bank-accounts.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { formatIban } from './iban.ts';
import { useFailureText } from './use-failure-text.ts';

/** The company's bank accounts as badges (IBAN in groups of 4, SWIFT, bulk payment mode as a dot and text), "Zadať IBAN". */
export function BankAccounts({ company }: { company: Company }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const remove = useDeleteBankAccount(company.id);
  const [editing, setEditing] = useState<BankAccount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showToast(t`Deleted.`);
      setDeleting(null);
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  return (
    <section aria-labelledby="bank-accounts-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bank-accounts-title" className="text-lg font-semibold">
          <Trans>Bank accounts</Trans>
        </h2>
        <button type="button" className="btn btn-sm" onClick={() => setEditing('new')}>
          <Trans>Enter IBAN</Trans>
        </button>
      </div>
      {company.bankAccounts.length === 0 ? (
        <p className="text-sm text-base-content/70">
          <Trans>No bank account yet. Add one with "Enter IBAN".</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {company.bankAccounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-base-300 px-3 py-2 text-sm">
              <span className="font-mono break-all">{formatIban(account.iban)}</span>
              <span className="badge badge-ghost font-mono">{account.swift}</span>
              <span className="inline-flex items-center gap-1">
                <span className={`status ${account.bulkPaymentMode ? 'status-success' : 'status-error'}`} aria-hidden="true" />
                {account.bulkPaymentMode ? t`Bulk payment mode on` : t`Bulk payment mode off`}
              </span>
              <span className="ms-auto flex gap-1">
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(account)} aria-label={t`Edit ${formatIban(account.iban)}`}>
                  <Trans>Edit</Trans>
                </button>
                <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(account)} aria-label={t`Delete ${formatIban(account.iban)}`}>
                  <Trans>Delete</Trans>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormDialog open={editing !== null} title={editing === 'new' ? t`Enter IBAN` : t`Edit bank account`} onClose={() => setEditing(null)}>
        <BankAccountForm companyId={company.id} account={editing === 'new' || editing === null ? undefined : editing} onDone={() => setEditing(null)} />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this bank account?`}
        confirmLabel={t`Yes, delete`}
        cancelLabel={t`Cancel`}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p className="font-mono">{deleting ? formatIban(deleting.iban) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
