import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SendForm } from '#web/features/shipments/components/send-form.tsx';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { can } from '#shared/domain/roles.ts';
import { useClient } from '#web/lib/session.ts';
import { BackToShipments } from '#web/components/layout/back-to-shipments.tsx';

export const Route = createFileRoute('/_app/shipment/send')({
  component: SendShipmentPage,
});

function SendShipmentPage() {
  const client = useClient();
  const navigate = useNavigate();
  if (!client) return null;
  // A role that may not create (REPORTER) gets the 403 page; the server refuses its submissions too.
  if (!can(client.role, 'shipments.create')) return <ErrorPage status={403} />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <BackToShipments />
      <h1 className="text-2xl font-semibold">
        <Trans>Send a shipment</Trans>
      </h1>
      {Object.keys(client.products).length === 0 ? (
        <div role="alert" className="alert alert-info alert-soft">
          <Trans>Your contract has no products yet. Please contact the carrier to add destinations.</Trans>
        </div>
      ) : (
        <SendForm client={client} onSent={() => void navigate({ href: '/shipments' })} />
      )}
    </div>
  );
}
