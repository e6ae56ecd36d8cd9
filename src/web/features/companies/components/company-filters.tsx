import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { FILTER_DEBOUNCE_ADMIN_MS } from '#shared/domain/limits.ts';
import { useDebouncedCommit } from '#web/lib/use-debounced-commit.ts';
import { compactCompanySearch, type CompanyListSearch } from './company-list-search.ts';
import { useCompanyLabels } from './use-company-labels.ts';

type TextKey = 'name' | 'city' | 'ico';

/** Name, city, country and IČO; typing applies after 500 ms (spec section 9), Enter at once. */
export function CompanyFilters({ search, onChange, onReset }: { search: CompanyListSearch; onChange: (patch: Partial<CompanyListSearch>) => void; onReset: () => void }) {
  const { t } = useLingui();
  const labels = useCompanyLabels();
  const active = Object.keys(compactCompanySearch(search)).length;
  const text = (key: TextKey, label: string) => <TextFilter key={key} label={label} value={search[key] ?? ''} onCommit={(v) => onChange({ [key]: v || undefined })} />;
  return (
    <section className="card mb-4 bg-base-100 shadow-sm" aria-label={t`Filters`}>
      <div className="card-body gap-2 p-3 sm:p-4">
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          {text('name', t`Name`)}
          {text('city', t`City`)}
          <Field label={t`Country`}>
            {(id) => (
              <select id={id} className="select w-full" value={search.country ?? ''} onChange={(e) => onChange({ country: e.target.value || undefined })}>
                <option value="">{t`All countries`}</option>
                {labels.countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('ico', t`Company ID (IČO)`)}
        </div>
        {active > 0 && (
          <div className="flex justify-end">
            <button type="button" className="btn btn-ghost btn-sm" onClick={onReset}>
              <Trans>Reset filters</Trans>
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </fieldset>
  );
}

function TextFilter({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft, flush] = useDebouncedCommit(value, FILTER_DEBOUNCE_ADMIN_MS, (v: string) => onCommit(v.trim()));
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="search"
          className="input w-full"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') flush();
          }}
        />
      )}
    </Field>
  );
}
