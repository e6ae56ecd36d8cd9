import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_NO_COMPANY } from '#shared/domain/audit.ts';
import { FILTER_DEBOUNCE_ADMIN_MS } from '#shared/domain/limits.ts';
import { DateInput } from '#web/components/form/date-input.tsx';
import { useCompanies } from '#web/lib/company-choices.ts';
import { useDebouncedCommit } from '#web/lib/use-debounced-commit.ts';
import { compactAuditSearch, type AuditLogSearch } from './audit-log-search.ts';
import { useAuditLabels } from '#web/components/ui/use-audit-labels.ts';

/**
 * Company (or none: the delivery network), actor, kind of record, action and days. The actor applies
 * 500 ms after typing (spec section 9, admin filters), Enter at once; selects and days at once.
 */
export function AuditFilters({ search, onChange, onReset }: { search: AuditLogSearch; onChange: (patch: Partial<AuditLogSearch>) => void; onReset: () => void }) {
  const { t } = useLingui();
  const labels = useAuditLabels();
  const companies = useCompanies(true);
  const active = Object.keys(compactAuditSearch(search)).length;
  const companyErrorId = useId();
  return (
    <section className="card bg-base-100 shadow-sm" aria-label={t`Filters`}>
      <div className="card-body gap-2 p-3 sm:p-4">
        <div className="grid grid-cols-2 gap-x-3 sm:gap-x-4 lg:grid-cols-3">
          <Field
            wide
            label={t`Company`}
            hint={
              companies.isError && (
                <p id={companyErrorId} className="label whitespace-normal text-error">
                  {t`The companies could not be loaded.`}
                </p>
              )
            }
          >
            {(id) => (
              <select
                id={id}
                className="select w-full"
                value={search.company ?? ''}
                aria-busy={companies.isPending || undefined}
                aria-describedby={companies.isError ? companyErrorId : undefined}
                onChange={(e) => onChange({ company: e.target.value || undefined })}
              >
                <option value="">{t`All companies`}</option>
                <option value={AUDIT_NO_COMPANY}>{t`No company (delivery network)`}</option>
                {(companies.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <ActorFilter value={search.actor ?? ''} onCommit={(actor) => onChange({ actor: actor || undefined })} />
          <Field label={t`Record`}>
            {(id) => (
              <select id={id} className="select w-full" value={search.entity ?? ''} onChange={(e) => onChange({ entity: (e.target.value || undefined) as AuditLogSearch['entity'] })}>
                <option value="">{t`All records`}</option>
                {AUDIT_ENTITIES.map((entity) => (
                  <option key={entity} value={entity}>
                    {labels.entity[entity]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`Action`}>
            {(id) => (
              <select id={id} className="select w-full" value={search.action ?? ''} onChange={(e) => onChange({ action: (e.target.value || undefined) as AuditLogSearch['action'] })}>
                <option value="">{t`All actions`}</option>
                {AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {labels.actionName[action]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`From`}>{(id) => <DateInput id={id} value={search.from ?? ''} max={search.to} onChange={(v) => onChange({ from: v || undefined })} />}</Field>
          <Field label={t`To`}>{(id) => <DateInput id={id} value={search.to ?? ''} min={search.from} onChange={(v) => onChange({ to: v || undefined })} />}</Field>
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

/** `wide`: the whole row on phones (two fields a row there). */
function Field({ label, children, hint, wide = false }: { label: string; children: (id: string) => ReactNode; hint?: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <fieldset className={`fieldset min-w-0 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint}
    </fieldset>
  );
}

function ActorFilter({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const { t } = useLingui();
  const [draft, setDraft, flush] = useDebouncedCommit(value, FILTER_DEBOUNCE_ADMIN_MS, (v: string) => onCommit(v.trim()));
  return (
    <Field wide label={t`Changed by`}>
      {(id) => (
        <input
          id={id}
          type="search"
          className="input w-full"
          value={draft}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') flush();
          }}
        />
      )}
    </Field>
  );
}
