import { Trans, useLingui } from '@lingui/react/macro';
import { ListError, ListOfflineNotice } from '#web/components/ui/list-states.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useTrackShipment } from '../api/track-shipment.ts';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
import { ShipmentTrackingResult } from './shipment-tracking-result.tsx';
import { TrackingSearchForm } from './tracking-search-form.tsx';

/**
 * /shipment/tracking (spec section 2): the search lives in the URL (`?tracking_number=&zip=`) and
 * runs whenever it has a tracking number; submitting the form changes the URL (or, unchanged,
 * looks again).
 */
export function ShipmentTracking({ search, onSearch }: { search: TrackingSearch; onSearch: (search: TrackingSearch) => void }) {
  const query = useTrackShipment(search);

  function submit(next: TrackingSearch) {
    if (next.tracking_number === search.tracking_number && next.zip === search.zip) void query.refetch();
    else onSearch(next);
  }

  return (
    <section aria-labelledby="tracking-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 id="tracking-title" className="text-2xl font-semibold">
          <Trans>Tracking</Trans>
        </h1>
        <p className="text-base-content/70">
          <Trans>Find a shipment by its tracking number to see its events and the partner's tracking page.</Trans>
        </p>
      </div>
      <TrackingSearchForm search={search} busy={query.isFetching} onSearch={submit} />
      <div aria-live="polite" aria-busy={query.isFetching}>
        {search.tracking_number && <TrackingOutcome trackingNumber={search.tracking_number} query={query} />}
      </div>
    </section>
  );
}

/** The lookup's state: looking (or waiting for the network), not found or failed, or the shipment. */
function TrackingOutcome({ trackingNumber, query }: { trackingNumber: string; query: ReturnType<typeof useTrackShipment> }) {
  const { t } = useLingui();
  const offlineText = t`You are offline. The shipment is looked up when the connection is back.`;
  const errorText = useErrorText(offlineText);
  if (query.isPending) {
    if (query.fetchStatus === 'paused') return <ListOfflineNotice text={offlineText} />;
    return (
      <div role="status" className="flex items-center gap-3 p-6 text-base-content/70">
        <span className="loading loading-spinner loading-md" aria-hidden="true" />
        <Trans>Looking up the shipment…</Trans>
      </div>
    );
  }
  if (query.isError) {
    // spec section 8: 'shipment.tracking.not_found'
    if (query.error instanceof ApiError && query.error.status === 404) return <ListError text={t`Shipment not found`} />;
    return <ListError text={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <ShipmentTrackingResult trackingNumber={trackingNumber} answer={query.data} />;
}
