import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ClientWithSecret } from '#shared/contract/admin-clients.ts';
import type { AdminClient, Company } from '#shared/contract/admin-companies.ts';
import type { ClientRole } from '#shared/domain/roles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useResetClientSecret, useUpdateClient } from '../api/clients.ts';
import { AddClientForm } from './add-client-form.tsx';
import { EditClientForm } from './edit-client-form.tsx';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { ActiveBadge } from './pickup-address-card.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { useFailureText } from './use-failure-text.ts';
import { useRoleLabels } from '#web/components/ui/use-role-labels.ts';

/** The company's clients: id, name, email, role and state; add, edit, enable/disable (not ADMIN), reset secret. */
export function ClientPanel({ company }: { company: Company }) {
  const { t } = useLingui();
  const roles = useRoleLabels();
  const failureText = useFailureText();
  const update = useUpdateClient(company.id);
  const reset = useResetClientSecret(company.id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminClient | null>(null);
  const [resetting, setResetting] = useState<AdminClient | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const [secret, setSecret] = useState<ClientWithSecret | null>(null);

  const toggle = async (client: AdminClient) => {
    setToggling(client.id);
    try {
      await update.mutateAsync({
        id: client.id,
        body: { enabled: !client.enabled, name: client.name, email: client.email, phone: client.phone, role: client.role as ClientRole },
      });
      showToast(client.enabled ? t`Client ${client.clientId} disabled.` : t`Client ${client.clientId} enabled.`);
    } catch (error) {
      showToast(failureText(error), 'error');
    } finally {
      setToggling(null);
    }
  };

  const confirmReset = async () => {
    if (!resetting) return;
    try {
      const result = await reset.mutateAsync(resetting.id);
      setResetting(null);
      setSecret(result);
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  return (
    <section aria-labelledby="clients-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="clients-title" className="card-title text-lg">
            <Trans>Clients</Trans>
          </h2>
          <button type="button" className="btn btn-sm" onClick={() => setAdding(true)}>
            <Trans>Add client</Trans>
          </button>
        </div>
        {company.clients.length === 0 ? (
          <p className="text-sm text-base-content/70">
            <Trans>No clients yet. Add one with "Add client": it gets a generated secret to sign in with.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-300">
            {company.clients.map((client) => (
              <li key={client.id} className="flex flex-col gap-1 py-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-all">{client.name}</span>
                  <span className={`badge badge-sm ${client.role === 'ADMIN' ? 'badge-primary' : 'badge-ghost'}`} title={roles.hint[client.role]}>
                    {roles.name[client.role]}
                  </span>
                  <ActiveBadge active={client.enabled} />
                </div>
                <span className="font-mono text-xs break-all">{client.clientId}</span>
                <span className="break-all text-base-content/80">{client.email}</span>
                {client.role !== 'ADMIN' && (
                  <div className="flex flex-wrap gap-1">
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(client)} aria-label={t`Edit ${client.clientId}`}>
                      <Trans>Edit</Trans>
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() => void toggle(client)}
                      disabled={toggling === client.id}
                      aria-label={client.enabled ? t`Disable ${client.clientId}` : t`Enable ${client.clientId}`}
                    >
                      {toggling === client.id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {client.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
                    </button>
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setResetting(client)} aria-label={t`Reset secret of ${client.clientId}`}>
                      <Trans>Reset secret</Trans>
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormDialog open={adding} title={t`Add client`} onClose={() => setAdding(false)} wide>
        <AddClientForm
          company={company}
          onCancel={() => setAdding(false)}
          onCreated={(result) => {
            setAdding(false);
            setSecret(result);
          }}
        />
      </FormDialog>
      <FormDialog open={editing !== null} title={t`Edit client`} onClose={() => setEditing(null)} wide>
        {editing && <EditClientForm companyId={company.id} client={editing} onDone={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        open={resetting !== null}
        title={t`Reset the secret of ${resetting?.clientId ?? ''}?`}
        confirmLabel={t`Reset secret`}
        cancelLabel={t`Cancel`}
        busy={reset.isPending}
        onConfirm={() => void confirmReset()}
        onCancel={() => setResetting(null)}
      >
        <p>
          <Trans>The current secret stops working at once and the client is signed out. The new secret is shown once.</Trans>
        </p>
      </ConfirmDialog>
      <SecretDialog secret={secret?.secret ?? null} clientId={secret?.client.clientId ?? ''} onClose={() => setSecret(null)} />
    </section>
  );
}
