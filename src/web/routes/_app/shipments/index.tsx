import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ShipmentFilters } from '../../../features/shipments/components/shipment-filters.tsx';
import { ShipmentListHeader } from '../../../features/shipments/components/shipment-list-header.tsx';
import { compactSearch, shipmentListSearchSchema, type ShipmentListSearch } from '../../../features/shipments/components/shipment-list-search.ts';
import { ShipmentList } from '../../../features/shipments/components/shipment-list.tsx';
import { useRefreshAfterSync } from '../../../features/shipments/api/use-refresh-after-sync.ts';
import { useClient } from '../../../lib/session.ts';

/** /shipments: the filterable list; its filters live in the URL so reloads and shared links keep them. */
export const Route = createFileRoute('/_app/shipments/')({
  validateSearch: shipmentListSearchSchema,
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const client = useClient();
  const isAdmin = client?.role === 'ADMIN';
  // Wizard submissions become shipments in the background: show them when they do.
  useRefreshAfterSync(client?.id);

  const onChange = useCallback(
    (patch: Partial<ShipmentListSearch>) => void navigate({ search: (prev) => compactSearch({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  // Resetting the filters keeps the sort.
  const onReset = useCallback(() => void navigate({ search: (prev) => compactSearch({ order: prev.order }), replace: true }), [navigate]);

  return (
    <>
      <ShipmentListHeader />
      <ShipmentFilters search={search} isAdmin={isAdmin} onChange={onChange} onReset={onReset} />
      <ShipmentList search={search} isAdmin={isAdmin} onResetFilters={onReset} onOrderChange={(order) => onChange({ order })} />
    </>
  );
}
