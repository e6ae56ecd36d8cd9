import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { ScanPage } from '#web/features/scan/components/scan-page.tsx';
import { useClient } from '#web/lib/session.ts';

/** /shipment/scan: the depot's scan page, for admins only (others get the 403 page). */
export const Route = createFileRoute('/_app/shipment/scan')({
  component: ScanRoute,
});

function ScanRoute() {
  const client = useClient();
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <ScanPage clientId={client.id} />;
}
