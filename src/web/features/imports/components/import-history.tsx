import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { showToast } from '#web/components/ui/toast-store.ts';
import { KEPT_NOTICE_ID, ListEmpty, ListError, ListOfflineNotice, useKeptCopy, useListTexts } from '#web/components/ui/list-states.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useDownloadImportResult } from '../api/download-import-result.ts';
import { useGenerateImportManifest } from '../api/generate-import-manifest.ts';
import { useImports } from '../api/get-imports.ts';
import { ImportCards } from './import-cards.tsx';
import { ImportHistorySkeleton } from './import-history-skeleton.tsx';
import { ImportTable } from './import-table.tsx';

const NONE: ReadonlySet<string> = new Set();

/**
 * The imports of the company (of every company for admins), newest first: refreshed every 10 s
 * and every 2 s while one runs, rows with errors expandable, each finished import's result file
 * and the manifest of its shipments.
 */
export function ImportHistory({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  const query = useImports();
  const download = useDownloadImportResult();
  const manifest = useGenerateImportManifest();
  const actionErrorText = useErrorText();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(NONE);

  const { offlineText, errorText } = useListTexts();
  const rows = query.data ?? [];
  // Offline the history is the copy kept on this device, marked with its time; its files and
  // manifests need the connection (README note 124).
  const { kept, loadedAt } = useKeptCopy(query);
  const noConnection = query.isError && query.error instanceof ApiError && query.error.isOffline;

  function toggle(id: string) {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setExpanded(next);
  }

  function onDownload(record: ImportRecord) {
    download.mutate({ id: record.id, filename: record.filename }, { onError: (error) => showToast(errorText(error), 'error') });
  }

  function onGenerateManifest(record: ImportRecord) {
    // The server's message (e.g. nothing left in status Created) as the page's other failures: a toast.
    manifest.mutate(record.id, {
      onSuccess: () => showToast(t`Manifest downloaded.`),
      onError: (error) => showToast(actionErrorText(error), 'error'),
    });
  }

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <>
        {query.fetchStatus === 'paused' && <ListOfflineNotice text={offlineText} />}
        <ImportHistorySkeleton isAdmin={isAdmin} />
      </>
    );
  } else if (query.isError && rows.length === 0) {
    body = <ListError text={errorText(query.error)} onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <ListEmpty iconPath="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" title={<Trans>No imports yet.</Trans>}>
        <p className="text-base-content/70">
          <Trans>Choose a .csv or .xlsx file above: its import and result file show up here.</Trans>
        </p>
      </ListEmpty>
    );
  } else {
    const props = {
      rows,
      isAdmin,
      expanded,
      onToggleExpanded: toggle,
      downloading: download.isPending ? (download.variables?.id ?? null) : null,
      onDownload,
      generatingManifest: manifest.isPending ? (manifest.variables ?? null) : null,
      onGenerateManifest,
      offline: kept,
    };
    body = (
      <>
        {query.isError && !noConnection && <ListError text={errorText(query.error)} className="mb-3" />}
        {kept && (
          <ListOfflineNotice
            id={KEPT_NOTICE_ID}
            text={t`You are offline. This is the list as it was at ${loadedAt}; it updates when the connection returns.`}
            note={t`Result files and manifests need the connection.`}
          />
        )}
        <ImportTable {...props} />
        <ImportCards {...props} />
      </>
    );
  }

  return (
    <section aria-labelledby="import-history" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-history" className="text-lg font-semibold">
          <Trans>Import history</Trans>
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()}>
          <svg
            xmlns="http://www.w3.org/2000/svg"
            className={`h-4 w-4 ${query.isRefetching ? 'animate-spin' : ''}`}
            fill="none"
            viewBox="0 0 24 24"
            stroke="currentColor"
            aria-hidden="true"
          >
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 4v5h5M20 20v-5h-5M5.6 15A7 7 0 0 0 18.4 16M18.4 9A7 7 0 0 0 5.6 8" />
          </svg>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {body}
    </section>
  );
}
