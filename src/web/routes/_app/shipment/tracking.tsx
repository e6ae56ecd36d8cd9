import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ShipmentTracking } from '#web/features/tracking/components/shipment-tracking.tsx';
import { parseTrackingSearch, type TrackingSearch } from '#shared/domain/tracking-search.ts';

/** /shipment/tracking: a signed-in client's tracking of its shipments; the search lives in the URL. */
export const Route = createFileRoute('/_app/shipment/tracking')({
  validateSearch: parseTrackingSearch,
  component: ShipmentTrackingPage,
});

function ShipmentTrackingPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((next: TrackingSearch) => void navigate({ search: next }), [navigate]);
  return <ShipmentTracking search={search} onSearch={onSearch} />;
}
