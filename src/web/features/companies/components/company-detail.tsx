import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { companyKeys } from '../api/company-keys.ts';
import { useCompany } from '../api/get-company.ts';
import { useDeleteCompany } from '../api/save-company.ts';
import { BankAccounts } from './bank-accounts.tsx';
import { ClientPanel } from './client-panel.tsx';
import { CompanyHistory } from './company-history.tsx';
import { CompanyInfo } from './company-info.tsx';
import { CompanyLabelPrinter } from './company-label-printer.tsx';
import { EditCompanyDialog } from './edit-company-dialog.tsx';
import { PickupAddressList } from './pickup-address-list.tsx';
import { ProductTabs } from './product-tabs.tsx';
import { SetupChecklist } from './setup-checklist.tsx';
import { useFailureText } from './use-failure-text.ts';

/** /company/{id}: the company, its products, bank accounts and pickup addresses; its clients beside (below on narrow screens); its history. */
export function CompanyDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const { data: company } = useCompany(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const remove = useDeleteCompany(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [addingAddress, setAddingAddress] = useState(false);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
      showToast(t`Company deleted.`);
      setDeleting(false);
      await navigate({ to: '/company' });
      queryClient.removeQueries({ queryKey: companyKeys.detail(id) });
    } catch (error) {
      setDeleting(false);
      showToast(failureText(error), 'error');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <Link to="/company" className="link link-hover w-fit text-sm">
          ← <Trans>Company management</Trans>
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold break-words">
            <Trans>Company detail for {company.name}</Trans>
          </h1>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" onClick={() => setAddingAddress(true)}>
              <Trans>Add address</Trans>
            </button>
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              <Trans>Edit company</Trans>
            </button>
            <button type="button" className="btn btn-error btn-outline" onClick={() => setDeleting(true)}>
              <Trans>Delete company</Trans>
            </button>
          </div>
        </div>
      </header>
      <SetupChecklist onCompanyPage={id} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <section className="card bg-base-100 shadow-sm" aria-label={t`Company`}>
            <div className="card-body gap-4 p-4">
              <CompanyInfo company={company} />
              <div>
                <h2 id="products-title" className="text-lg font-semibold">
                  <Trans>Products per country</Trans>
                </h2>
                <ProductTabs company={company} />
              </div>
              <BankAccounts company={company} />
              <CompanyLabelPrinter company={company} />
            </div>
          </section>
          <PickupAddressList company={company} adding={addingAddress} onAddingChange={setAddingAddress} />
          <CompanyHistory companyId={id} />
        </div>
        <aside className="min-w-0 lg:order-none">
          <div className="lg:sticky lg:top-4">
            <ClientPanel company={company} />
          </div>
        </aside>
      </div>
      <EditCompanyDialog company={company} open={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        title={t`Delete the company ${company.name}?`}
        confirmLabel={t`Yes, delete`}
        cancelLabel={t`Cancel`}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      >
        <p>
          {company.shipmentCount > 0 ? (
            <Trans>This company has shipments: the server will refuse to delete it. Disable its clients instead.</Trans>
          ) : (
            <Trans>This removes the company with its clients, pickup addresses and bank accounts. It cannot be undone.</Trans>
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}
