import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { PartnerList } from '#web/features/partners/components/partner-list.tsx';
import { useClient } from '#web/lib/session.ts';

// `?partner=3` opens that partner; a value that does not fit (an old or hand-edited link) is
// dropped. A plain check, not zod: route search validation is part of the app's first load.
function searchSchema(search: Record<string, unknown>): { partner?: number | undefined } {
  const partner = Number(search.partner);
  return Number.isInteger(partner) && partner > 0 ? { partner } : {};
}

/** /partners (admins): the delivery network; the open partner lives in the URL. */
export const Route = createFileRoute('/_app/partners')({
  validateSearch: searchSchema,
  component: PartnersPage,
});

function PartnersPage() {
  const client = useClient();
  const { partner } = Route.useSearch();
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <PartnerList partnerId={partner} />;
}
