import { createFileRoute, redirect } from '@tanstack/react-router';

/** Home redirects to the shipment list. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ href: '/shipments', replace: true });
  },
});
