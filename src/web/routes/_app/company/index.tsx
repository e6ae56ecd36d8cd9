import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ErrorPage } from '#web/components/layout/error-page.tsx';
import { CompanyList } from '#web/features/companies/components/company-list.tsx';
import { compactCompanySearch, validateCompanySearch, type CompanyListSearch } from '#web/features/companies/components/company-list-search.ts';
import { useClient } from '#web/lib/session.ts';

/** /company (admins): the client companies; the filters live in the URL so reloads and shared links keep them. */
export const Route = createFileRoute('/_app/company/')({
  validateSearch: validateCompanySearch,
  component: CompanyPage,
});

function CompanyPage() {
  const client = useClient();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onChange = useCallback(
    (patch: Partial<CompanyListSearch>) => void navigate({ search: (prev) => compactCompanySearch({ ...prev, ...patch }), replace: true }),
    [navigate],
  );
  const onReset = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  if (!client) return null;
  if (client.role !== 'ADMIN') return <ErrorPage status={403} />;
  return <CompanyList search={search} onChange={onChange} onReset={onReset} />;
}
