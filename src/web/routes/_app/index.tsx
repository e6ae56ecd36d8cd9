import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentClient } from '#web/lib/token-store.ts';

/** Home: an admin's work starts at the companies (with the first-run checklist), a client's at its shipment list. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ href: currentClient()?.role === 'ADMIN' ? '/company' : '/shipments', replace: true });
  },
});
