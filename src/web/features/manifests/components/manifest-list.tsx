import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ShellLink } from '../../../components/layout/shell-link.tsx';
import { TableSkeleton } from '../../../components/ui/table-skeleton.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useFormat } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDownloadManifest } from '../api/download-manifest.ts';
import { useManifests } from '../api/get-manifests.ts';
import { ManifestCards } from './manifest-cards.tsx';
import { ManifestTable } from './manifest-table.tsx';

/**
 * The /manifests page's content: title, the manifests of the company (of every company for
 * admins), newest first, 50 at a time with a "More" button, a download per row, and the loading,
 * empty and error states of the other lists.
 */
export function ManifestList({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useManifests();
  const download = useDownloadManifest();
  const offlineText = t`You are offline. The list loads when the connection is back.`;
  const errorText = useErrorText(offlineText);
  const downloadErrorText = useErrorText();

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.manifests) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.count ?? 0;
  const loadedText = format.number(rows.length);
  const totalText = format.number(total);

  function onDownload(id: string) {
    download.mutate(id, { onError: (error) => showToast(downloadErrorText(error), 'error') });
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
        <TableSkeleton label={t`Loading manifests…`} columns={isAdmin ? 7 : 6} rows={6} cards={3} />
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
        <div className="card-body items-center py-12 text-center">
          <svg xmlns="http://www.w3.org/2000/svg" className="h-12 w-12 text-base-content/30" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.5" d="M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12l2 2 4-4M9 17h6" />
          </svg>
          <p className="text-lg font-semibold">
            <Trans>No manifests yet.</Trans>
          </p>
          <p className="max-w-md text-base-content/70">
            <Trans>Select shipments in status Created in the shipment list and choose Create manifest, or create one from an import. The manifests show up here.</Trans>
          </p>
          <ShellLink href="/shipments" className="btn btn-outline mt-2">
            <Trans>Go to shipments</Trans>
          </ShellLink>
        </div>
      </div>
    );
  } else {
    const props = { rows, isAdmin, downloading: download.isPending ? (download.variables ?? null) : null, onDownload };
    body = (
      <>
        {query.isError && !query.isFetchNextPageError && (
          <div role="alert" className="alert alert-error alert-soft mb-3">
            <span className="whitespace-pre-line">{errorText(query.error)}</span>
          </div>
        )}
        <ManifestTable {...props} />
        <ManifestCards {...props} />
        <div className="mt-4 flex flex-col items-center gap-2">
          <p className="text-sm text-base-content/70" aria-live="polite">
            <Trans>
              Showing {loadedText} of {totalText}
            </Trans>
          </p>
          {query.isFetchNextPageError && (
            <div role="alert" className="alert alert-error alert-soft">
              <span className="whitespace-pre-line">{errorText(query.error)}</span>
            </div>
          )}
          {query.hasNextPage && (
            <button type="button" className="btn btn-wide" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage}>
              {query.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              <Trans>More</Trans>
            </button>
          )}
        </div>
      </>
    );
  }

  const refreshing = query.isRefetching && !query.isFetchingNextPage;
  return (
    <section aria-labelledby="manifests-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 id="manifests-title" className="text-2xl font-semibold">
            <Trans>Manifests</Trans>
          </h1>
          <p className="text-base-content/70">
            <Trans>The driver signs a manifest when taking the parcels over. Download one again to print it.</Trans>
          </p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching && !query.isFetchingNextPage}>
          <svg
            xmlns="http://www.w3.org/2000/svg"
            className={`h-4 w-4 ${refreshing ? 'animate-spin' : ''}`}
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
