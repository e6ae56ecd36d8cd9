import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { StatusBadge } from '#web/components/ui/status-badge.tsx';
import { TrackingStatusBadge } from '#web/components/ui/tracking-status-badge.tsx';
import { LabelPrinted } from './label-printed.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ShipmentActionsMenu } from './shipment-actions-menu.tsx';
import type { ShipmentRowsProps } from './shipment-table.tsx';
import { useShipmentLabels } from './use-shipment-labels.ts';

/** The list on phones and portrait tablets (below lg): one card per shipment with every fact of the table. */
export function ShipmentCards({ rows, isAdmin, selected, onToggle, onToggleAll, onDelete, onDownloadLabel, downloadingLabel, highlighted }: ShipmentRowsProps) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const selectedCount = rows.filter((r) => selected.has(r.item_number)).length;
  const all = rows.length > 0 && selectedCount === rows.length;

  return (
    <div className="lg:hidden">
      <label className="mb-2 flex min-h-11 items-center gap-3 px-4 text-sm">
        <input
          type="checkbox"
          className="checkbox"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = selectedCount > 0 && !all;
          }}
          onChange={(e) => onToggleAll(e.target.checked)}
        />
        <Trans>Select all loaded shipments</Trans>
      </label>
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t`Shipments`}>
        {rows.map((s) => {
          const checked = selected.has(s.item_number);
          const isNew = highlighted?.has(s.item_number) ?? false;
          return (
            <li key={s.item_number} className={`card bg-base-100 shadow-sm ${checked ? 'ring-2 ring-primary/40' : isNew ? 'ring-2 ring-success/50' : ''}`} data-new={isNew || undefined}>
              <div className="card-body gap-2 p-4">
                <div className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="checkbox mt-0.5"
                    aria-label={t`Select ${s.item_number}`}
                    checked={checked}
                    onChange={(e) => onToggle(s.item_number, e.target.checked)}
                  />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold tabular-nums">
                        {s.item_number}
                        {isNew && <span className="badge ml-2 badge-xs badge-success">{t`New`}</span>}
                      </span>
                      <span className="flex flex-wrap gap-1">
                        <StatusBadge status={s.status} />
                        <TrackingStatusBadge status={s.tracking_status} />
                        <LabelPrinted shipment={s} />
                      </span>
                    </div>
                    <p className="truncate font-medium">{s.receiver_name}</p>
                    <p className="truncate text-sm text-base-content/70">
                      {s.receiver_city}, {format.country(s.receiver_country)}
                    </p>
                  </div>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  <dt className="text-base-content/60">
                    <Trans>Tracking number</Trans>
                  </dt>
                  <dd className="truncate tabular-nums">{s.tracking_number ?? <EmptyValue />}</dd>
                  <dt className="text-base-content/60">
                    <Trans>Reference</Trans>
                  </dt>
                  <dd className="truncate">{s.reference_number || <EmptyValue />}</dd>
                  <dt className="text-base-content/60">
                    <Trans>Product</Trans>
                  </dt>
                  <dd className="truncate">
                    {labels.product[s.product]} · {labels.deliveryMethod[s.delivery_method]}
                  </dd>
                  <dt className="text-base-content/60">
                    <Trans>Partner</Trans>
                  </dt>
                  <dd className="truncate">{s.partner_name ?? <EmptyValue />}</dd>
                  {isAdmin && (
                    <>
                      <dt className="text-base-content/60">
                        <Trans>Company</Trans>
                      </dt>
                      <dd className="truncate">{s.company_name ?? <EmptyValue />}</dd>
                    </>
                  )}
                  <dt className="text-base-content/60">
                    <Trans>Created at</Trans>
                  </dt>
                  <dd className="tabular-nums">{format.dateTime(s.created_at)}</dd>
                </dl>
                <div className="card-actions items-center justify-end">
                  <Link to="/shipment/$item_number" params={{ item_number: s.item_number }} className="btn btn-sm btn-outline" aria-label={t`Details of ${s.item_number}`}>
                    <Trans>Details</Trans>
                  </Link>
                  <ShipmentActionsMenu shipment={s} onDelete={onDelete} onDownloadLabel={onDownloadLabel} labelBusy={downloadingLabel === s.item_number} withDetails={false} />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
