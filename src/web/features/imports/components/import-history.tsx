import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ImportRecord } from '../../../../shared/contract/imports.ts';
import { showToast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
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

  const offlineText = t`You are offline. The list loads when the connection is back.`;
  const errorText = (error: unknown) => (error instanceof ApiError && error.isOffline ? offlineText : error instanceof Error ? error.message : String(error));
  const rows = query.data ?? [];

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
        {query.fetchStatus === 'paused' && (
          <div role="alert" className="alert alert-warning alert-soft mb-3">
            <span>{offlineText}</span>
          </div>
        )}
        <ImportHistorySkeleton isAdmin={isAdmin} />
      </>
    );
  } else if (query.isError && rows.length === 0) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span className="whitespace-pre-line">{errorText(query.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body items-center py-10 text-center">
          <svg xmlns="http://www.w3.org/2000/svg" className="h-12 w-12 text-base-content/30" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.5" d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" />
          </svg>
          <p className="text-lg font-semibold">
            <Trans>No imports yet.</Trans>
          </p>
          <p className="text-base-content/70">
            <Trans>Choose a .csv or .xlsx file above: its import and result file show up here.</Trans>
          </p>
        </div>
      </div>
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
    };
    body = (
      <>
        {query.isError && (
          <div role="alert" className="alert alert-error alert-soft mb-3">
            <span className="whitespace-pre-line">{errorText(query.error)}</span>
          </div>
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
          <svg xmlns="http://www.w3.org/2000/svg" className={`h-4 w-4 ${query.isRefetching ? 'animate-spin' : ''}`} fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 4v5h5M20 20v-5h-5M5.6 15A7 7 0 0 0 18.4 16M18.4 9A7 7 0 0 0 5.6 8" />
          </svg>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {body}
    </section>
  );
}
