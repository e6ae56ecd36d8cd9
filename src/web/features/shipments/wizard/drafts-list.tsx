import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ClientInfo } from '#shared/contract/auth.ts';
import { ShellLink } from '#web/components/layout/shell-link.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useFormat } from '#web/lib/format.ts';
import { DraftSubmittedError } from '../offline/draft-errors.ts';
import { discardDraft, duplicateDraft } from '../offline/drafts.ts';
import { useShipmentLabels } from '../components/use-shipment-labels.ts';
import { useDraftList, type DraftListItem } from './use-draft-list.ts';

/** The drafts kept in this browser: resume, duplicate or discard; rejected ones say so. */
export function DraftsList({ client }: { client: ClientInfo }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const items = useDraftList(client.id);
  const [discarding, setDiscarding] = useState<DraftListItem | null>(null);

  const duplicate = async (id: string) => {
    const copy = await duplicateDraft(id);
    await navigate({ to: '/shipment/new', search: { draft: copy } });
  };

  const discard = async (item: DraftListItem) => {
    try {
      await discardDraft(item.draft.id);
      showToast(t`Draft discarded.`);
    } catch (error) {
      if (!(error instanceof DraftSubmittedError)) throw error;
      showToast(t`This shipment is waiting to be sent and cannot be discarded.`, 'error');
    } finally {
      setDiscarding(null);
    }
  };

  if (!items) return <div className="skeleton h-40 w-full" aria-label="…" />;
  if (items.length === 0) {
    return (
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <p>
            <Trans>No drafts. Shipments you start in the wizard are kept here until you finish them, even offline.</Trans>
          </p>
          <ShellLink href="/shipment/new" className="btn btn-primary">
            <Trans>New shipment</Trans>
          </ShellLink>
        </div>
      </div>
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-2" aria-label={t`Drafts`}>
        {items.map((item) => (
          <DraftRow key={item.draft.id} item={item} onDuplicate={() => void duplicate(item.draft.id)} onDiscard={() => setDiscarding(item)} />
        ))}
      </ul>
      <ConfirmDialog
        open={discarding !== null}
        title={t`Discard this draft?`}
        confirmLabel={t`Discard`}
        onConfirm={() => discarding && void discard(discarding)}
        onCancel={() => setDiscarding(null)}
      >
        <Trans>What you entered is deleted from this browser.</Trans>
      </ConfirmDialog>
    </>
  );
}

function DraftRow({ item, onDuplicate, onDiscard }: { item: DraftListItem; onDuplicate: () => void; onDiscard: () => void }) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const { draft, state } = item;
  const data = draft.data;
  const who = data.recipient?.receiver_name || data.recipient?.receiver_company_name || t`No recipient yet`;
  const where = [data.country ? format.country(data.country) : null, data.product ? labels.product[data.product] : null, data.recipient?.receiver_city].filter(Boolean).join(' · ');
  const errorCount = Object.keys(draft.errors ?? {}).length;

  return (
    <li className="card bg-base-100 shadow-sm">
      <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {who}
            {state === 'editing' && <span className="badge badge-ghost badge-sm">{t`Draft · step ${draft.step} of 6`}</span>}
            {state === 'rejected' && <span className="badge badge-error badge-sm">{t`Needs correction (${errorCount})`}</span>}
            {state === 'waiting' && <span className="badge badge-warning badge-sm">{item.row?.state === 'retry' ? t`Waiting to send (retrying)` : t`Waiting to send`}</span>}
          </p>
          <p className="text-sm text-base-content/70">{where || '—'}</p>
          <p className="text-xs text-base-content/60">
            <Trans>Saved {format.dateTime(new Date(draft.updatedAt))}</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {state !== 'waiting' && (
            <ShellLink href={`/shipment/new?draft=${draft.id}`} className="btn btn-primary btn-sm">
              {state === 'rejected' ? <Trans>Correct</Trans> : <Trans>Resume</Trans>}
            </ShellLink>
          )}
          <button type="button" className="btn btn-sm" onClick={onDuplicate}>
            <Trans>Duplicate</Trans>
          </button>
          {state !== 'waiting' && (
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDiscard}>
              <Trans>Discard</Trans>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
