import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { PointFeed as Feed } from '#shared/contract/admin-point-feeds.ts';
import { pointDirectoryFormat } from '#shared/domain/point-directory-formats.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ListError, useListTexts } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { formatDateTime, formatNumber } from '#web/lib/format.ts';
import { useDeletePointFeed, useFeedRunFinished, usePointFeed, useRunPointFeed } from '../api/point-feeds.ts';
import { DirectorySummary } from './point-directory.tsx';
import { PointFeedForm, useIntervalText } from './point-feed-form.tsx';
import { useFailureText } from './use-failure-text.ts';

/**
 * The partner's pickup-point list address: the server fetches the partner's published list on a
 * schedule and imports it like an upload. Only partners with a documented list format have one.
 */
export function PointFeed({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  if (!pointDirectoryFormat(partnerId)) return null;
  return <PointFeedCard partnerId={partnerId} partnerName={partnerName} />;
}

function PointFeedCard({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  const { t, i18n } = useLingui();
  const feed = usePointFeed(partnerId);
  const run = useRunPointFeed(partnerId);
  const remove = useDeletePointFeed(partnerId);
  const { errorText } = useListTexts();
  const failureText = useFailureText();
  const [removing, setRemoving] = useState(false);
  const [showImport, setShowImport] = useState(false);
  const n = (value: number) => formatNumber(value, i18n.locale);
  const titleId = `point-feed-${partnerId}`;

  useFeedRunFinished(feed.data, (done, ran) => {
    if (!ran) showToast(t`The list of ${partnerName} was not fetched.`, 'info');
    else if (done.last_error) showToast(t`The list of ${partnerName} was not imported: ${done.last_error.message}`, 'error');
    else if (done.last_import) {
      const { added, changed, deactivated, rejected } = done.last_import;
      showToast(t`List of ${partnerName} imported: ${n(added)} added, ${n(changed)} changed, ${n(deactivated)} deactivated, ${n(rejected)} rejected.`);
    }
  });

  const onRun = async () => {
    try {
      await run.mutateAsync();
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  const onRemove = async () => {
    try {
      const { message } = await remove.mutateAsync();
      setRemoving(false);
      setShowImport(false);
      showToast(message);
    } catch (error) {
      setRemoving(false);
      showToast(failureText(error), 'error');
    }
  };

  const current = feed.data;
  return (
    <section className="card bg-base-100 min-w-0 shadow-sm" aria-labelledby={titleId}>
      <div className="card-body gap-3 p-4">
        <div>
          <h2 id={titleId} className="card-title text-base">
            <Trans>Pickup-point list address</Trans>
          </h2>
          <p className="text-base-content/70 text-sm">
            <Trans>
              The server fetches the partner's published pickup-point list from this address and imports it like an uploaded directory: new points are added, changed ones updated,
              missing ones deactivated.
            </Trans>
          </p>
        </div>
        {feed.isPending && <span className="loading loading-spinner" aria-label={t`Loading`} />}
        {feed.isError && <ListError text={errorText(feed.error)} onRetry={() => void feed.refetch()} />}
        {current !== undefined && (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-3">
              {current ? (
                <FeedState
                  feed={current}
                  running={run.isPending}
                  showingImport={showImport}
                  onRun={() => void onRun()}
                  onRemove={() => setRemoving(true)}
                  onToggleImport={() => setShowImport((shown) => !shown)}
                />
              ) : (
                <p className="text-sm">
                  <Trans>No list address yet. Enter the address where {partnerName} publishes its pickup-point list, and the server fetches and imports it on schedule.</Trans>
                </p>
              )}
            </div>
            <PointFeedForm partnerId={partnerId} partnerName={partnerName} feed={current} />
          </div>
        )}
        {current?.last_import && showImport && <DirectorySummary summary={current.last_import} onClose={() => setShowImport(false)} />}
      </div>
      <ConfirmDialog
        open={removing}
        title={t`Remove the list address of ${partnerName}?`}
        confirmLabel={t`Remove`}
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(false)}
      >
        <p>
          <Trans>The server stops fetching the list. The pickup points already imported stay as they are.</Trans>
        </p>
      </ConfirmDialog>
    </section>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col sm:grid sm:grid-cols-[minmax(7rem,12rem)_minmax(0,1fr)] sm:gap-3">
      <dt className="text-base-content/70 text-sm">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function FeedState({
  feed,
  running,
  showingImport,
  onRun,
  onRemove,
  onToggleImport,
}: {
  feed: Feed;
  running: boolean;
  showingImport: boolean;
  onRun: () => void;
  onRemove: () => void;
  onToggleImport: () => void;
}) {
  const { t, i18n } = useLingui();
  const intervalText = useIntervalText();
  const n = (value: number) => formatNumber(value, i18n.locale);
  const waiting = feed.requested_at !== null;
  const askedAt = feed.requested_at ? formatDateTime(feed.requested_at) : '';
  const imported = feed.last_import;
  const stats: Array<[string, number, string]> = imported
    ? [
        [t`Added`, imported.added, 'text-success'],
        [t`Changed`, imported.changed, 'text-info'],
        [t`Unchanged`, imported.unchanged, ''],
        [t`Deactivated`, imported.deactivated, 'text-warning'],
        [t`Rejected`, imported.rejected, imported.rejected > 0 ? 'text-error' : ''],
      ]
    : [];

  return (
    <>
      <dl className="flex flex-col gap-2" aria-label={t`Current list address`}>
        <Row label={t`Address`}>
          <a href={feed.url} target="_blank" rel="noopener noreferrer" className="link link-hover font-mono text-sm break-all">
            {feed.url}
          </a>
        </Row>
        <Row label={t`Format`}>{feed.format.toUpperCase()}</Row>
        <Row label={t`How often`}>{intervalText(feed.every_hours)}</Row>
        <Row label={t`Schedule`}>
          {feed.enabled ? (
            <span className="badge badge-success badge-soft">
              <Trans>Active</Trans>
            </span>
          ) : (
            <span className="badge badge-ghost">
              <Trans>Paused</Trans>
            </span>
          )}
        </Row>
        <Row label={t`Next fetch`}>{feed.enabled && feed.next_run_at ? formatDateTime(feed.next_run_at) : '—'}</Row>
        <Row label={t`Last fetch`}>
          {feed.last_run_at ? (
            <span className="flex flex-wrap items-center gap-2">
              {formatDateTime(feed.last_run_at)}
              {feed.last_error ? (
                <span className="badge badge-error badge-soft">
                  <Trans>Not imported</Trans>
                </span>
              ) : imported ? (
                <span className="badge badge-success badge-soft">
                  <Trans>Imported</Trans>
                </span>
              ) : null}
            </span>
          ) : (
            <Trans>Not fetched yet</Trans>
          )}
        </Row>
      </dl>
      {feed.last_error && (
        <div role="alert" className="alert alert-error alert-soft">
          <span className="min-w-0 break-words">{feed.last_error.message}</span>
        </div>
      )}
      {imported && (
        <div className="flex flex-col gap-2">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-5 lg:grid-cols-3 xl:grid-cols-5" aria-label={t`Last import`}>
            {stats.map(([label, value, tone]) => (
              <div key={label} className="bg-base-200 rounded-box min-w-0 px-3 py-2">
                <dt className="text-base-content/70 truncate text-xs" title={label}>
                  {label}
                </dt>
                <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{n(value)}</dd>
              </div>
            ))}
          </dl>
          <div>
            <button type="button" className="btn btn-ghost btn-xs" onClick={onToggleImport} aria-expanded={showingImport}>
              {showingImport ? <Trans>Hide the import</Trans> : <Trans>Show the import</Trans>}
            </button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm" onClick={onRun} disabled={waiting || running} aria-busy={waiting || running}>
          {(waiting || running) && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          <Trans>Fetch now</Trans>
        </button>
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove}>
          <Trans>Remove</Trans>
        </button>
        <span className="text-base-content/70 min-w-0 text-sm" role="status" aria-live="polite">
          {waiting ? t`Fetch asked for at ${askedAt}: waiting for it to run…` : ''}
        </span>
      </div>
    </>
  );
}
