import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ListEmpty, ListError, ListOfflineNotice, useListTexts } from '#web/components/ui/list-states.tsx';
import { useCompanies } from '../api/get-companies.ts';
import { AddCompanyDialog } from './add-company-dialog.tsx';
import { CompanyCards, CompanyCardsSkeleton } from './company-cards.tsx';
import { CompanyFilters } from './company-filters.tsx';
import { SetupChecklist } from './setup-checklist.tsx';
import { compactCompanySearch, filtersFromCompanySearch, type CompanyListSearch } from './company-list-search.ts';

const BUILDING_ICON = 'M3 21h18M5 21V7l7-4 7 4v14M9 9h1m4 0h1M9 13h1m4 0h1M9 17h1m4 0h1';

/** /company: the title, the primary action "Add company", the filters and the company cards. */
export function CompanyList({ search, onChange, onReset }: { search: CompanyListSearch; onChange: (patch: Partial<CompanyListSearch>) => void; onReset: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const companies = useCompanies(filtersFromCompanySearch(search));
  const { offlineText, errorText } = useListTexts();
  const rows = companies.data?.pages.flat() ?? [];
  const filtered = Object.keys(compactCompanySearch(search)).length > 0;
  const offline = companies.isPending && companies.isPaused;

  return (
    <section className="flex flex-col gap-2">
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">
          <Trans>Company management</Trans>
        </h1>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          <Trans>Add company</Trans>
        </button>
      </header>
      <SetupChecklist onAddCompany={() => setAdding(true)} />
      <CompanyFilters search={search} onChange={onChange} onReset={onReset} />
      {offline && <ListOfflineNotice text={offlineText} />}
      {companies.isPending && <CompanyCardsSkeleton label={t`Loading companies`} />}
      {companies.isError && !companies.data && <ListError text={errorText(companies.error)} onRetry={() => void companies.refetch()} />}
      {companies.isSuccess && rows.length === 0 && (
        <ListEmpty iconPath={BUILDING_ICON} title={filtered ? t`No company matches these filters.` : t`No companies yet.`}>
          {filtered ? (
            <button type="button" className="btn btn-sm" onClick={onReset}>
              <Trans>Reset filters</Trans>
            </button>
          ) : (
            <p className="text-base-content/70">
              <Trans>Add the first client company with "Add company".</Trans>
            </p>
          )}
        </ListEmpty>
      )}
      {rows.length > 0 && <CompanyCards companies={rows} />}
      {companies.isFetchNextPageError && <ListError text={errorText(companies.error)} />}
      {companies.hasNextPage && (
        <div className="mt-2 flex justify-center">
          <button type="button" className="btn btn-wide" onClick={() => void companies.fetchNextPage()} disabled={companies.isFetchingNextPage} aria-busy={companies.isFetchingNextPage}>
            {companies.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            <Trans>More</Trans>
          </button>
        </div>
      )}
      <AddCompanyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(company) => {
          setAdding(false);
          void navigate({ to: '/company/$id', params: { id: company.id } });
        }}
      />
    </section>
  );
}

