import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ShellLink } from '#web/components/layout/shell-link.tsx';
import { KEPT_NOTICE_ID, ListEmpty, ListError, ListFooter, ListOfflineNotice, useKeptCopy, useListTexts } from '#web/components/ui/list-states.tsx';
import { TableSkeleton } from '#web/components/ui/table-skeleton.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useFormat } from '#web/lib/format.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useDownloadManifest, useKeptManifests } from '../api/download-manifest.ts';
import { useManifests } from '../api/get-manifests.ts';
import type { ReactNode } from 'react';
import type { Manifest } from '#shared/contract/manifests.ts';
import { ManifestCards } from './manifest-cards.tsx';
import { ManifestTable } from './manifest-table.tsx';

/**
 * The /manifests page's content: title, the manifests of the company (of every company for
 * admins), newest first, 50 at a time with a "More" button, a download per row (and the route's
 * `actions`: its labels), and the loading, empty and error states of the other lists.
 */
export function ManifestList({ isAdmin, actions }: { isAdmin: boolean; actions?: (manifest: Manifest, offline: boolean) => ReactNode }) {
  const { t } = useLingui();
  const format = useFormat();
  const query = useManifests();
  const download = useDownloadManifest();
  const { offlineText, errorText } = useListTexts();
  const downloadErrorText = useErrorText();
  const keptFiles = useKeptManifests();
  // Offline the list is the copy kept on this device, marked with its time (README note 124).
  const { kept, loadedAt } = useKeptCopy(query);
  const noConnection = query.isError && query.error instanceof ApiError && query.error.isOffline;

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
        {query.fetchStatus === 'paused' && <ListOfflineNotice text={offlineText} />}
        <TableSkeleton label={t`Loading manifests…`} columns={isAdmin ? 7 : 6} rows={6} cards={3} />
      </>
    );
  } else if (query.isError && rows.length === 0) {
    body = <ListError text={errorText(query.error)} onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <ListEmpty iconPath="M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12l2 2 4-4M9 17h6" title={<Trans>No manifests yet.</Trans>}>
        <p className="max-w-md text-base-content/70">
          <Trans>Select shipments in status Created in the shipment list and choose Create manifest, or create one from an import. The manifests show up here.</Trans>
        </p>
        <ShellLink href="/shipments" className="btn btn-outline mt-2">
          <Trans>Go to shipments</Trans>
        </ShellLink>
      </ListEmpty>
    );
  } else {
    const props = {
      rows,
      isAdmin,
      downloading: download.isPending ? (download.variables ?? null) : null,
      onDownload,
      offline: kept,
      keptFiles,
      actions: actions ? (manifest: Manifest) => actions(manifest, kept) : undefined,
    };
    body = (
      <>
        {query.isError && !query.isFetchNextPageError && !noConnection && <ListError text={errorText(query.error)} className="mb-3" />}
        {kept && (
          <ListOfflineNotice
            id={KEPT_NOTICE_ID}
            text={t`You are offline. This is the list as it was at ${loadedAt}; it updates when the connection returns.`}
            note={t`Manifests downloaded on this device open without a connection; the others need the connection.`}
          />
        )}
        <ManifestTable {...props} />
        <ManifestCards {...props} />
        <ListFooter
          loadedText={loadedText}
          totalText={totalText}
          nextPageError={query.isFetchNextPageError ? errorText(query.error) : null}
          hasNextPage={query.hasNextPage}
          fetchingNextPage={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
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
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching && !query.isFetchingNextPage && query.fetchStatus !== 'paused'}>
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
