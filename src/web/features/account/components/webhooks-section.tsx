import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType } from '#shared/contract/webhooks.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ListError } from '#web/components/ui/list-states.tsx';
import { SecretOnceDialog } from '#web/components/ui/secret-once-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useCreateWebhook, useDeleteWebhook, useResendDelivery, useRotateWebhookSecret, useTestWebhook, useWebhookLog, useWebhooks } from '../api/webhooks.ts';

/** The company's webhook endpoints on the settings page (USER, OFFICER, ADMIN; README "Webhooks"). */
export function WebhooksSection() {
  const { t } = useLingui();
  const webhooks = useWebhooks();
  const errorText = useErrorText();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="webhooks-title">
      <div className="card-body gap-4">
        <div>
          <h2 id="webhooks-title" className="card-title">
            <Trans>Webhooks</Trans>
          </h2>
          <p className="text-sm text-base-content/70">
            <Trans>Your systems learn of your shipments’ changes at once: the portal sends each event, signed, to the addresses you register here.</Trans>
          </p>
        </div>
        <SecretOnceDialog
          open={secret !== null}
          title={t`Signing secret`}
          warning={<Trans>Signing secret — shown only now. Store it in your receiver; it cannot be shown again.</Trans>}
          fields={[{ label: t`Signing secret`, value: secret ?? '', copyLabel: t`Copy the signing secret`, secret: true }]}
          onClose={() => setSecret(null)}
        />
        {webhooks.isPending && <div className="skeleton h-24 w-full" aria-busy="true" />}
        {webhooks.isError && <ListError text={errorText(webhooks.error)} onRetry={() => void webhooks.refetch()} />}
        {webhooks.data && webhooks.data.length === 0 && (
          <p className="text-sm">
            <Trans>No endpoint yet.</Trans>
          </p>
        )}
        {webhooks.data && webhooks.data.length > 0 && (
          <ul className="flex flex-col gap-3">
            {webhooks.data.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} onSecret={setSecret} />
            ))}
          </ul>
        )}
        <AddWebhookForm onSecret={setSecret} />
      </div>
    </section>
  );
}

function useEventLabels(): Record<WebhookEventType, string> {
  const { t } = useLingui();
  return {
    'shipment.created': t`Shipment created`,
    'shipment.status_changed': t`Status changed`,
    'shipment.tracking_updated': t`Delivery status changed`,
    'shipment.deleted': t`Shipment deleted`,
    'import.finished': t`Import finished`,
  };
}

function AddWebhookForm({ onSecret }: { onSecret: (secret: string) => void }) {
  const { t } = useLingui();
  const labels = useEventLabels();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(['shipment.status_changed']);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const typeErrors = Object.entries(fields)
    .filter(([field]) => field.startsWith('event_types'))
    .flatMap(([, list]) => list);
  const other = create.error instanceof ApiError && Object.keys(fields).length === 0 ? create.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, event_types: types },
      {
        onSuccess: (created) => {
          setUrl('');
          onSecret(created.secret);
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-3 border-t border-base-300 pt-4" onSubmit={submit} noValidate>
      <h3 className="font-medium">
        <Trans>Add an endpoint</Trans>
      </h3>
      <div className="form-control w-full">
        <label htmlFor="webhook-url" className="label-text mb-1">
          <Trans>Receiver address (https)</Trans>
        </label>
        <input
          id="webhook-url"
          className={`input input-bordered w-full ${fields.url ? 'input-error' : ''}`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/portal-webhooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={fields.url ? true : undefined}
          aria-describedby={fields.url ? 'webhook-url-error' : undefined}
        />
        {fields.url && (
          <span id="webhook-url-error" className="mt-1 text-sm text-error">
            {fields.url.join(' ')}
          </span>
        )}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="label-text mb-1">
          <Trans>Events</Trans>
        </legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="label cursor-pointer justify-start gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={types.includes(type)}
                onChange={(e) => setTypes((current) => (e.target.checked ? [...current, type] : current.filter((x) => x !== type)))}
              />
              <span className="label-text">{labels[type]}</span>
            </label>
          ))}
        </div>
        {typeErrors.length > 0 && <span className="text-sm text-error">{typeErrors.join(' ')}</span>}
      </fieldset>
      {other && <p className="text-sm text-error">{other}</p>}
      <div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t`Add endpoint`}
        </button>
      </div>
    </form>
  );
}

function WebhookItem({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { t } = useLingui();
  const labels = useEventLabels();
  const errorText = useErrorText();
  const test = useTestWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [logOpen, setLogOpen] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const failed = (error: unknown) => showToast(errorText(error), 'error');

  return (
    <li className="rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm">{webhook.url}</p>
          <p className="text-xs text-base-content/70">{webhook.event_types.map((type) => labels[type]).join(', ')}</p>
          {webhook.enabled ? (
            <span className="badge badge-success badge-sm mt-1">
              <Trans>Active</Trans>
            </span>
          ) : (
            <span className="badge badge-error badge-sm mt-1">{webhook.disabled_reason ?? t`Turned off`}</span>
          )}
          {webhook.pending > 0 && (
            <span className="badge badge-ghost badge-sm ml-1 mt-1">
              <Trans>{webhook.pending} waiting</Trans>
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-1">
          <button
            type="button"
            className="btn btn-sm"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(webhook.id, {
                onSuccess: (answer) => {
                  showToast(answer.message, 'info');
                  setLogOpen(true);
                },
                onError: failed,
              })
            }
          >
            <Trans>Send test event</Trans>
          </button>
          <button type="button" className="btn btn-sm" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
            <Trans>Delivery log</Trans>
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setConfirming('rotate')}>
            <Trans>New secret</Trans>
          </button>
          <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setConfirming('delete')}>
            <Trans>Delete</Trans>
          </button>
        </div>
      </div>
      {logOpen && <DeliveryLog id={webhook.id} />}
      <ConfirmDialog
        open={confirming === 'delete'}
        title={t`Delete this endpoint?`}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => remove.mutate(webhook.id, { onSuccess: (answer) => showToast(answer.message), onError: failed, onSettled: () => setConfirming(null) })}
      >
        <Trans>Events waiting for it are dropped.</Trans>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'rotate'}
        title={t`Make a new secret?`}
        confirmLabel={t`New secret`}
        tone="primary"
        busy={rotate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => rotate.mutate(webhook.id, { onSuccess: (answer) => onSecret(answer.secret), onError: failed, onSettled: () => setConfirming(null) })}
      >
        <Trans>Messages are signed with both the new and the old secret for 24 hours; then only with the new one.</Trans>
      </ConfirmDialog>
    </li>
  );
}

function DeliveryLog({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const log = useWebhookLog(id, true);
  const resend = useResendDelivery();
  const errorText = useErrorText();
  if (log.isPending) return <div className="skeleton mt-3 h-16 w-full" />;
  if (log.isError) return <ListError text={errorText(log.error)} onRetry={() => void log.refetch()} />;
  if (log.data.length === 0)
    return (
      <p className="mt-3 text-sm">
        <Trans>Nothing sent yet.</Trans>
      </p>
    );
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="table table-xs" aria-label={t`Delivery log`}>
        <thead>
          <tr>
            <th>
              <Trans>Time</Trans>
            </th>
            <th>
              <Trans>Event</Trans>
            </th>
            <th>
              <Trans>Answer</Trans>
            </th>
            <th>
              <Trans>Duration</Trans>
            </th>
            <th>
              <Trans>Attempt</Trans>
            </th>
            <th>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((attempt) => (
            <tr key={attempt.id}>
              <td className="whitespace-nowrap">{i18n.date(attempt.at, { dateStyle: 'short', timeStyle: 'medium' })}</td>
              <td className="font-mono">{attempt.event_type}</td>
              <td>
                <span className={`badge badge-sm ${attempt.status !== null && attempt.status >= 200 && attempt.status < 300 ? 'badge-success' : 'badge-error'}`}>
                  {attempt.status ?? attempt.error}
                </span>
              </td>
              <td className="whitespace-nowrap">{t`${attempt.duration_ms} ms`}</td>
              <td>{attempt.attempt}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate({ id, deliveryId: attempt.delivery_id }, { onSuccess: (answer) => showToast(answer.message, 'info'), onError: (e) => showToast(errorText(e), 'error') })}
                >
                  <Trans>Send again</Trans>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
