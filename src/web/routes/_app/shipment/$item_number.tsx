import { createFileRoute } from '@tanstack/react-router';
import { loadShipment } from '#web/features/shipments/api/get-shipment.ts';
import { ShipmentDetailError } from '#web/features/shipments/components/shipment-detail-error.tsx';
import { ShipmentDetailSkeleton } from '#web/features/shipments/components/shipment-detail-skeleton.tsx';
import { ShipmentDetail } from '#web/features/shipments/components/shipment-detail.tsx';
import { useClient } from '#web/lib/session.ts';

/** /shipment/{item_number}: read-only detail. A shipment the caller may not see answers 404 like a missing one. */
export const Route = createFileRoute('/_app/shipment/$item_number')({
  loader: ({ context, params }) => loadShipment(context.queryClient, params.item_number),
  pendingComponent: ShipmentDetailSkeleton,
  errorComponent: ({ error }) => <ShipmentDetailError error={error} />,
  component: ShipmentPage,
});

function ShipmentPage() {
  const { item_number } = Route.useParams();
  const isAdmin = useClient()?.role === 'ADMIN';
  return <ShipmentDetail itemNumber={item_number} isAdmin={isAdmin} />;
}
