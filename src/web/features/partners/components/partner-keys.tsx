import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PartnerKey } from '#shared/contract/admin-network.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useCreatePartnerKey, usePartnerKeys, useRevokePartnerKey } from '../api/partners.ts';
import { KeySecretDialog, type CreatedKey } from './key-secret-dialog.tsx';
import { useFailureText } from './use-failure-text.ts';

/** The partner's event-feed keys: the list, a new key (its secret shown once) and revoking one. */
export function PartnerKeys({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  const { t } = useLingui();
  const keys = usePartnerKeys(partnerId);
  const create = useCreatePartnerKey(partnerId);
  const revoke = useRevokePartnerKey(partnerId);
  const { errorText } = useListTexts();
  const failureText = useFailureText();
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<PartnerKey | null>(null);

  const onCreate = async () => {
    try {
      const key = await create.mutateAsync();
      setCreated({ id: key.id, secret: key.secret });
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  const onRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      showToast(t`Key ${revoking.id} revoked.`);
      setRevoking(null);
    } catch (error) {
      setRevoking(null);
      showToast(failureText(error), 'error');
    }
  };

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={`partner-keys-${partnerId}`}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`partner-keys-${partnerId}`} className="card-title text-base">
            <Trans>Feed keys</Trans>
          </h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void onCreate()} disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            <Trans>New key</Trans>
          </button>
        </div>
        <p className="text-sm text-base-content/70">
          <Trans>The partner signs its tracking events with a key. A revoked key is refused at once.</Trans>
        </p>
        {keys.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
        {keys.isError && <ListError text={errorText(keys.error)} onRetry={() => void keys.refetch()} />}
        {keys.data?.length === 0 && (
          <p className="text-sm">
            <Trans>No feed keys yet.</Trans>
          </p>
        )}
        {keys.data && keys.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Key id</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Created</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Revoked</Trans>
                  </th>
                  <th scope="col">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => (
                  <tr key={key.id}>
                    <td className="font-mono text-xs break-all">{key.id}</td>
                    <td className="whitespace-nowrap">{formatDateTime(key.created_at)}</td>
                    <td className="whitespace-nowrap">
                      {key.revoked_at ? (
                        formatDateTime(key.revoked_at)
                      ) : (
                        <span className="badge badge-success badge-soft">
                          <Trans>Active</Trans>
                        </span>
                      )}
                    </td>
                    <td className="text-right">
                      {!key.revoked_at && (
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setRevoking(key)} aria-label={t`Revoke key ${key.id}`}>
                          <Trans>Revoke</Trans>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <KeySecretDialog created={created} partnerName={partnerName} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t`Revoke key ${revoking?.id ?? ''}?`}
        confirmLabel={t`Revoke`}
        busy={revoke.isPending}
        onConfirm={() => void onRevoke()}
        onCancel={() => setRevoking(null)}
      >
        <p>
          <Trans>Events the partner signs with this key will be refused from now on. This cannot be undone.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}
