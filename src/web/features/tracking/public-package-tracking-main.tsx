// /package/tracking in the light public app (public-tracking-main.tsx): the search and the parcel's
// timeline; the redirect page's code is not loaded.
import { useCallback, useEffect, useState } from 'react';
import { PackageTracking } from './components/package-tracking.tsx';
import { PACKAGE_TRACKING_PATH } from './public-tracking-paths.ts';
import { startPublicTrackingApp } from './public-tracking-main.tsx';
import { trackingSearchFromQueryString, trackingSearchToQueryString, type TrackingSearch } from '#shared/domain/tracking-search.ts';

/** /package/tracking with its search in the address bar: a new search is a new history entry, Back shows the previous one. */
function PackageTrackingFromLocation() {
  const [search, setSearch] = useState(() => trackingSearchFromQueryString(window.location.search));
  useEffect(() => {
    const onPopState = () => setSearch(trackingSearchFromQueryString(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const onSearch = useCallback((next: TrackingSearch) => {
    window.history.pushState(null, '', `${PACKAGE_TRACKING_PATH}${trackingSearchToQueryString(next)}`);
    setSearch(next);
  }, []);
  return <PackageTracking search={search} onSearch={onSearch} />;
}

export function startPackageTracking(): Promise<void> {
  return startPublicTrackingApp(<PackageTrackingFromLocation />);
}
