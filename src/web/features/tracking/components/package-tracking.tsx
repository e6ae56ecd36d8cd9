import { useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '#web/components/layout/language-switcher.tsx';
import { usePublicTracking } from '../api/use-public-tracking.ts';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
import { PackageSearchForm } from './package-search-form.tsx';
import { PackageTrackingIntro } from './package-tracking-intro.tsx';
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
    <PublicTrackingFrame languages={<LanguageSwitcher />}>
      <PackageTrackingIntro />
      <PackageSearchForm initial={search} busy={state.status === 'loading'} onSearch={submit} />
      <PublicTrackingStatus
        state={state}
        retry={{ onClick: state.retry }}
        trackWithoutZip={search.tracking_number && search.zip ? { onClick: () => onSearch({ tracking_number: search.tracking_number }) } : undefined}
      />
    </PublicTrackingFrame>
  );
}

