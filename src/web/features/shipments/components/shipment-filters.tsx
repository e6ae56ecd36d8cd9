import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, type ReactNode } from 'react';
import { COUNTRY_CODES } from '#shared/domain/countries.ts';
import { DELIVERY_METHODS, PARTNERS, SHIPMENT_STATUSES, type PartnerCode } from '#shared/domain/enums.ts';
import { FILTER_DEBOUNCE_ADMIN_MS, FILTER_DEBOUNCE_TEXT_MS } from '#shared/domain/limits.ts';
import { TRACKING_STATUSES } from '#shared/domain/tracking-events.ts';
import { DateInput } from '#web/components/form/date-input.tsx';
import { useStatusLabels } from '#web/components/ui/status-badge.tsx';
import { useTrackingStatusLabels } from '#web/components/ui/tracking-status-badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useDebouncedCommit } from '#web/lib/use-debounced-commit.ts';
import { useDeviceSetting } from '#web/lib/use-device-setting.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { useCompanies } from '#web/lib/company-choices.ts';
import { countFilters, type ShipmentListSearch } from './shipment-list-search.ts';
import { useShipmentLabels } from './use-shipment-labels.ts';

type TextKey = 'item_number' | 'tracking_number' | 'reference_number';

export interface ShipmentFiltersProps {
  search: ShipmentListSearch;
  isAdmin: boolean;
  onChange: (patch: Partial<ShipmentListSearch>) => void;
  onReset: () => void;
}

/**
 * The list's filter bar (spec sections 2, 6 and 9): number filters wait 2000 ms after typing
 * (Enter applies at once), the admin's company, delivery-method and partner selects 500 ms; the
 * other selects and the dates apply at once.
 */
export function ShipmentFilters({ search, isAdmin, onChange, onReset }: ShipmentFiltersProps) {
  const { t } = useLingui();
  const format = useFormat();
  const statusLabels = useStatusLabels();
  const trackingLabels = useTrackingStatusLabels();
  const labels = useShipmentLabels();
  const companies = useCompanies(isAdmin);
  const [open, setOpen] = useFiltersOpen();
  const active = countFilters(search, isAdmin);
  const panelId = useId();

  const countries = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, name: format.country(code) })).sort((a, b) => a.name.localeCompare(b.name, format.locale)),
    [format],
  );

  const text = (key: TextKey, label: string) => <TextFilter key={key} label={label} value={search[key] ?? ''} onCommit={(v) => onChange({ [key]: v || undefined })} />;

  // The filters in force, as chips that say what they are and remove one with a click.
  const partnerCode = (Object.entries(PARTNERS) as Array<[PartnerCode, number]>).find(([, id]) => id === search.partner_id)?.[0];
  const candidates: Array<{ key: keyof ShipmentListSearch; label: string; value: string | undefined }> = [
    { key: 'item_number' as const, label: t`Item number`, value: search.item_number },
    { key: 'tracking_number' as const, label: t`Tracking number`, value: search.tracking_number },
    { key: 'reference_number' as const, label: t`Reference number`, value: search.reference_number },
    { key: 'country' as const, label: t`Country`, value: search.country && format.country(search.country) },
    { key: 'status' as const, label: t`Status`, value: search.status && statusLabels[search.status] },
    { key: 'tracking_status' as const, label: t`Delivery progress`, value: search.tracking_status && trackingLabels[search.tracking_status] },
    { key: 'label_printed' as const, label: t`Label`, value: search.label_printed === undefined ? undefined : search.label_printed ? t`Printed` : t`Not printed` },
    { key: 'createdFrom' as const, label: t`Created from`, value: search.createdFrom && format.date(`${search.createdFrom}T12:00:00`) },
    { key: 'createdTo' as const, label: t`Created to`, value: search.createdTo && format.date(`${search.createdTo}T12:00:00`) },
    ...(isAdmin
      ? [
          { key: 'company_id' as const, label: t`Company`, value: search.company_id && (companies.data?.find((c) => c.id === search.company_id)?.name ?? '…') },
          { key: 'delivery_method' as const, label: t`Delivery method`, value: search.delivery_method && labels.deliveryMethod[search.delivery_method] },
          { key: 'partner_id' as const, label: t`Partner`, value: partnerCode && labels.partner[partnerCode] },
        ]
      : []),
  ];
  const chips = candidates.filter((c): c is { key: keyof ShipmentListSearch; label: string; value: string } => Boolean(c.value));

  return (
    <section className="card mb-3 bg-base-100 shadow-sm" aria-label={t`Filters`}>
      <div className="card-body gap-2 p-2 sm:px-4 sm:py-2">
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            <FilterIcon />
            {active > 0 ? t`Filters (${active})` : t`Filters`}
            <svg xmlns="http://www.w3.org/2000/svg" className={`h-3 w-3 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
            </svg>
          </button>
          {!open && (
            <ul className="flex min-w-0 flex-wrap gap-1" aria-label={t`Filters in force`}>
              {chips.map(({ key, label, value }) => (
                <li key={key} className="badge max-w-full gap-1 badge-outline">
                  <span className="truncate">
                    {label}: <span className="font-medium">{value}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-circle btn-ghost btn-xs -mr-1"
                    aria-label={t`Remove filter ${label}: ${value}`}
                    onClick={() => onChange({ [key]: undefined })}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          {active > 0 && (
            <button type="button" className="btn ml-auto btn-ghost btn-sm" onClick={() => onReset()}>
              <Trans>Reset filters</Trans>
            </button>
          )}
        </div>
        <div id={panelId} className={`${open ? 'grid' : 'hidden'} grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5`}>
          {text('item_number', t`Item number`)}
          {text('tracking_number', t`Tracking number`)}
          {text('reference_number', t`Reference number`)}
          <Field label={t`Country`}>
            {(id) => (
              <select id={id} className="select select-sm w-full" value={search.country ?? ''} onChange={(e) => onChange({ country: e.target.value || undefined })}>
                <option value="">{t`All countries`}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`Status`}>
            {(id) => (
              <select
                id={id}
                className="select select-sm w-full"
                value={search.status ?? ''}
                onChange={(e) => onChange({ status: (e.target.value || undefined) as ShipmentListSearch['status'] })}
              >
                <option value="">{t`All statuses`}</option>
                {SHIPMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabels[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`Delivery progress`}>
            {(id) => (
              <select
                id={id}
                className="select select-sm w-full"
                value={search.tracking_status ?? ''}
                onChange={(e) => onChange({ tracking_status: (e.target.value || undefined) as ShipmentListSearch['tracking_status'] })}
              >
                <option value="">{t`All delivery statuses`}</option>
                {TRACKING_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {trackingLabels[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t`Label`}>
            {(id) => (
              <select
                id={id}
                className="select select-sm w-full"
                value={search.label_printed === undefined ? '' : String(search.label_printed)}
                onChange={(e) => onChange({ label_printed: e.target.value === '' ? undefined : e.target.value === 'true' })}
              >
                <option value="">{t`All labels`}</option>
                <option value="false">{t`Not printed`}</option>
                <option value="true">{t`Printed`}</option>
              </select>
            )}
          </Field>
          <Field label={t`Created from`}>
            {(id) => <DateInput id={id} size="sm" value={search.createdFrom ?? ''} onChange={(v) => onChange({ createdFrom: v || undefined })} />}
          </Field>
          <Field label={t`Created to`}>
            {(id) => <DateInput id={id} size="sm" value={search.createdTo ?? ''} onChange={(v) => onChange({ createdTo: v || undefined })} />}
          </Field>
          {isAdmin && (
            <>
              <SelectFilter
                label={t`Company`}
                value={search.company_id ?? ''}
                onCommit={(v) => onChange({ company_id: v || undefined })}
                options={[{ value: '', label: t`All companies` }, ...(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
                busy={companies.isPending}
                error={companies.isError ? t`The companies could not be loaded.` : undefined}
              />
              <SelectFilter
                label={t`Delivery method`}
                value={search.delivery_method ?? ''}
                onCommit={(v) => onChange({ delivery_method: (v || undefined) as ShipmentListSearch['delivery_method'] })}
                options={[{ value: '', label: t`All delivery methods` }, ...DELIVERY_METHODS.map((m) => ({ value: m, label: labels.deliveryMethod[m] }))]}
              />
              <SelectFilter
                label={t`Partner`}
                value={search.partner_id === undefined ? '' : String(search.partner_id)}
                onCommit={(v) => onChange({ partner_id: v ? Number(v) : undefined })}
                options={[
                  { value: '', label: t`All partners` },
                  ...(Object.entries(PARTNERS) as Array<[PartnerCode, number]>).map(([code, id]) => ({ value: String(id), label: labels.partner[code] })),
                ]}
              />
            </>
          )}
        </div>
        <p className={`${open ? 'block' : 'hidden'} text-xs text-base-content/60`}>
          <Trans>Item, tracking and reference numbers are matched exactly; they apply two seconds after you stop typing, or at once with Enter.</Trans>
        </p>
      </div>
    </section>
  );
}

/**
 * Whether the filter fields show or only the chips of the filters in force: the user's last choice
 * on this device; at first open on a screen from 640 px up, closed on a phone.
 */
function useFiltersOpen(): [boolean, (open: boolean) => void] {
  const wide = useMediaQuery('(min-width: 640px)');
  const [stored, store] = useDeviceSetting('shipment-filters-open');
  return [stored === null ? wide : stored === '1', (open: boolean) => store(open ? '1' : '0')];
}

function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="fieldset min-w-0 py-1">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint}
    </fieldset>
  );
}

function TextFilter({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft, flush] = useDebouncedCommit(value, FILTER_DEBOUNCE_TEXT_MS, onCommit);
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="search"
          className="input input-sm w-full"
          value={draft}
          maxLength={50}
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

function SelectFilter({
  label,
  value,
  onCommit,
  options,
  busy = false,
  error,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  options: Array<{ value: string; label: string }>;
  busy?: boolean;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useDebouncedCommit(value, FILTER_DEBOUNCE_ADMIN_MS, onCommit);
  const errorId = useId();
  return (
    <Field
      label={label}
      hint={
        error && (
          <p id={errorId} className="label whitespace-normal text-error">
            {error}
          </p>
        )
      }
    >
      {(id) => (
        <select id={id} className="select select-sm w-full" value={draft} aria-busy={busy || undefined} aria-describedby={error ? errorId : undefined} onChange={(e) => setDraft(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function FilterIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M3 5h18l-7 8v5l-4 2v-7z" />
    </svg>
  );
}
