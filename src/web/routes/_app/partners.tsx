import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../../components/layout/error-page.tsx';
import { PartnerList } from '../../features/partners/components/partner-list.tsx';
import { useClient } from '../../lib/session.ts';

/** /partners (admins): the delivery partners' public tracking pages. */
export const Route = createFileRoute('/_app/partners')({
  component: PartnersPage,
});

function PartnersPage() {
  const client = useClient();
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <PartnerList />;
}
