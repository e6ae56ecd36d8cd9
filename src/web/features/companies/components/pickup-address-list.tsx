import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Company } from '#shared/contract/admin-companies.ts';
import type { AdminPickupAddress } from '#shared/contract/admin-pickup-addresses.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useDeletePickupAddress } from '../api/pickup-addresses.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { PickupAddressCard } from './pickup-address-card.tsx';
import { PickupAddressForm } from './pickup-address-form.tsx';
import { useFailureText } from './use-failure-text.ts';

/** "Zvozové adresy": a card per pickup address, and its create, edit and delete dialogs. */
export function PickupAddressList({ company, adding, onAddingChange }: { company: Company; adding: boolean; onAddingChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const remove = useDeletePickupAddress(company.id);
  const [editing, setEditing] = useState<AdminPickupAddress | null>(null);
  const [deleting, setDeleting] = useState<AdminPickupAddress | null>(null);

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
    <section aria-labelledby="pickup-addresses-title" className="flex flex-col gap-3">
      <h2 id="pickup-addresses-title" className="text-lg font-semibold">
        <Trans>Pickup addresses</Trans>
      </h2>
      {company.pickupAddresses.length === 0 ? (
        <p className="text-sm text-base-content/70">
          <Trans>No pickup addresses yet. Add one with "Add address": clients need one to ship from.</Trans>
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
          {company.pickupAddresses.map((address) => (
            <PickupAddressCard key={address.id} companyId={company.id} address={address} onEdit={() => setEditing(address)} onDelete={() => setDeleting(address)} />
          ))}
        </div>
      )}
      <FormDialog
        open={adding || editing !== null}
        title={editing ? t`Edit pickup address` : t`Add address`}
        wide
        onClose={() => {
          setEditing(null);
          onAddingChange(false);
        }}
      >
        <PickupAddressForm
          company={company}
          address={editing ?? undefined}
          onDone={() => {
            setEditing(null);
            onAddingChange(false);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t`Do you really want to delete this address?`}
        confirmLabel={t`Yes, delete`}
        cancelLabel={t`Cancel`}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <Trans>This action cannot be undone and removes the address and its assignments.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}
