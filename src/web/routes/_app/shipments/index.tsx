import { createFileRoute } from '@tanstack/react-router';
import { lazy, useCallback, useState } from 'react';
import { ShipmentFilters } from '#web/features/shipments/components/shipment-filters.tsx';
import { ShipmentListHeader } from '#web/features/shipments/components/shipment-list-header.tsx';
import { compactSearch, filtersFromSearch, shipmentListSearchSchema, type ShipmentListSearch } from '#web/features/shipments/components/shipment-list-search.ts';
import { ShipmentList } from '#web/features/shipments/components/shipment-list.tsx';
import { shipmentsQueryOptions } from '#web/features/shipments/api/get-shipments.ts';
import { useClient } from '#web/lib/session.ts';
import { WhenIdle } from '#web/lib/when-idle.tsx';
import { currentClient } from '#web/lib/token-store.ts';

/** Its code reads IndexedDB through Dexie: loaded once the list has painted. */
const RefreshAfterSync = lazy(() => import('#web/features/shipments/api/use-refresh-after-sync.ts'));

/** /shipments: the filterable list; its filters live in the URL so reloads and shared links keep them. */
export const Route = createFileRoute('/_app/shipments/')({
  validateSearch: shipmentListSearchSchema,
  loaderDeps: ({ search }) => search,
  // The rows are asked for as soon as the page is known, beside the page's code rather than after
  // it has loaded and rendered (a round trip sooner on a slow link). Not awaited: the page shows at
  // once with its skeleton, or offline with the last loaded list.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(shipmentsQueryOptions(filtersFromSearch(deps, currentClient()?.role === 'ADMIN')));
  },
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const client = useClient();
  const isAdmin = client?.role === 'ADMIN';
  const [openedAt] = useState(() => Date.now());

  const onChange = useCallback((patch: Partial<ShipmentListSearch>) => void navigate({ search: (prev) => compactSearch({ ...prev, ...patch }), replace: true }), [navigate]);
  // Resetting the filters keeps the sort.
  const onReset = useCallback(() => void navigate({ search: (prev) => compactSearch({ order: prev.order }), replace: true }), [navigate]);

  return (
    <>
      <ShipmentListHeader />
      <ShipmentFilters search={search} isAdmin={isAdmin} onChange={onChange} onReset={onReset} />
      <ShipmentList search={search} isAdmin={isAdmin} onResetFilters={onReset} onOrderChange={(order) => onChange({ order })} />
      {/* Wizard submissions become shipments in the background: show them when they do. */}
      <WhenIdle>
        <RefreshAfterSync clientId={client?.id} openedAt={openedAt} />
      </WhenIdle>
    </>
  );
}
