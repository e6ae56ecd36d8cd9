import { Trans, useLingui } from '@lingui/react/macro';
import { usePublicTracking } from '../api/use-public-tracking.ts';
import type { TrackingSearch } from '../tracking-search.ts';
import { PackageSearchForm } from './package-search-form.tsx';
import { PublicTrackingFrame } from './public-tracking-frame.tsx';
import { PublicTrackingStatus } from './public-tracking-status.tsx';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * /package/tracking: anyone tracks a parcel by its number (and postal code) on a phone. The search
 * lives in the URL (`?tracking_number=&zip=`), so the page runs it when opened from a link.
 */
export function PackageTracking({ search, onSearch }: { search: TrackingSearch; onSearch: (search: TrackingSearch) => void }) {
  const { t } = useLingui();
  useDocumentTitle(t`Track a parcel`);
  const state = usePublicTracking(search.tracking_number, search.zip);

  function submit(next: TrackingSearch) {
    if (next.tracking_number === search.tracking_number && next.zip === search.zip) state.retry();
    else onSearch(next);
  }

  return (
    <PublicTrackingFrame>
      <h1 className="mb-1 text-2xl font-semibold sm:text-3xl">
        <Trans>Track a parcel</Trans>
      </h1>
      <p className="mb-4 text-base-content/70">
        <Trans>Enter the tracking number from your receipt or e-mail to see where your parcel is.</Trans>
      </p>
      <PackageSearchForm initial={search} busy={state.status === 'loading'} onSearch={submit} />
      <PublicTrackingStatus
        state={state}
        onRetry={state.retry}
        onTrackWithoutZip={search.tracking_number && search.zip ? () => onSearch({ tracking_number: search.tracking_number }) : undefined}
      />
    </PublicTrackingFrame>
  );
}
