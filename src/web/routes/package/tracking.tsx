import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PackageTracking } from '#web/features/tracking/components/package-tracking.tsx';
import { parseTrackingSearch, type TrackingSearch } from '#shared/domain/tracking-search.ts';

/**
 * /package/tracking (public, no sign-in): track a parcel by number and postal code. A first visit
 * to this address gets the light public app (main.tsx); this route serves it inside the full app.
 */
export const Route = createFileRoute('/package/tracking')({
  validateSearch: parseTrackingSearch,
  component: PackageTrackingPage,
});

function PackageTrackingPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback((next: TrackingSearch) => void navigate({ search: next }), [navigate]);
  return <PackageTracking search={search} onSearch={onSearch} />;
}
