import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Shipment } from '#shared/contract/shipments.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { StatusBadge } from '#web/components/ui/status-badge.tsx';
import { LabelPrinted } from './label-printed.tsx';
import { TrackingStatusBadge } from '#web/components/ui/tracking-status-badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ShipmentActionsMenu } from './shipment-actions-menu.tsx';
import type { ShipmentColumn } from './shipment-columns.ts';
import { useShipmentLabels } from './use-shipment-labels.ts';

export interface ShipmentRowsProps {
  rows: Shipment[];
  isAdmin: boolean;
  selected: ReadonlySet<string>;
  onToggle: (itemNumber: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  /** Absent when the caller's role may not delete. */
  onDelete?: ((itemNumber: string) => void) | undefined;
  onDownloadLabel: (itemNumber: string) => void;
  /** The shipment whose single label is being fetched. */
  downloadingLabel: string | null;
  /** Shipments created here a moment ago: marked so the user finds them (and prints their labels). */
  highlighted?: ReadonlySet<string> | undefined;
}

/**
 * The table from 1024 px up; below, ShipmentCards. Every row is one line (a truncated cell keeps
 * its full text as a tooltip), so that an office screen shows 15 or more rows; which columns show
 * is ShipmentColumns' choice, sized to fit without scrolling sideways.
 */
export function ShipmentTable({
  rows,
  isAdmin,
  selected,
  onToggle,
  onToggleAll,
  onDelete,
  onDownloadLabel,
  downloadingLabel,
  columns,
  highlighted,
  oldestFirst,
  onOrderChange,
}: ShipmentRowsProps & { columns: ReadonlySet<ShipmentColumn>; oldestFirst: boolean; onOrderChange: (oldestFirst: boolean) => void }) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const selectedCount = rows.filter((r) => selected.has(r.item_number)).length;
  const all = rows.length > 0 && selectedCount === rows.length;
  const partial = selectedCount > 0 && !all;
  const show = (c: ShipmentColumn) => columns.has(c) && (isAdmin || c !== 'company');

  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow-sm lg:block">
      <table className="table table-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2">
        <caption className="sr-only">
          <Trans>Shipments</Trans>
        </caption>
        <thead>
          <tr>
            <th className="w-8">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                aria-label={t`Select all loaded shipments`}
                checked={all}
                ref={(el) => {
                  if (el) el.indeterminate = partial;
                }}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            <th>
              <Trans>Item number</Trans>
            </th>
            {show('tracking') && (
              <th>
                <Trans>Tracking number</Trans>
              </th>
            )}
            {show('reference') && (
              <th>
                <Trans>Reference</Trans>
              </th>
            )}
            {show('receiver') && (
              <th>
                <Trans>Receiver</Trans>
              </th>
            )}
            {show('product') && (
              <th>
                <Trans>Product</Trans>
              </th>
            )}
            {show('status') && (
              <th>
                <Trans>Status</Trans>
              </th>
            )}
            {show('delivery') && (
              <th>
                <Trans>Delivery progress</Trans>
              </th>
            )}
            {show('label') && (
              <th>
                <Trans>Label</Trans>
              </th>
            )}
            {show('created') && (
              <th aria-sort={oldestFirst ? 'ascending' : 'descending'}>
                <button
                  type="button"
                  className="btn -mx-1 h-auto min-h-0 gap-1 px-1 py-0.5 text-[length:inherit] font-[inherit] btn-ghost btn-xs"
                  title={oldestFirst ? t`Oldest first: show the newest first` : t`Newest first: show the oldest first`}
                  onClick={() => onOrderChange(!oldestFirst)}
                >
                  <Trans>Created at</Trans>
                  <svg xmlns="http://www.w3.org/2000/svg" className={`h-3 w-3 ${oldestFirst ? 'rotate-180' : ''}`} fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d="M12 5v14m0 0-6-6m6 6 6-6" />
                  </svg>
                </button>
              </th>
            )}
            {show('partner') && (
              <th>
                <Trans>Partner</Trans>
              </th>
            )}
            {show('company') && (
              <th>
                <Trans>Company</Trans>
              </th>
            )}
            <th className="w-10">
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => {
            const checked = selected.has(s.item_number);
            const isNew = highlighted?.has(s.item_number) ?? false;
            const place = `${s.receiver_city}, ${format.country(s.receiver_country)}`;
            const product = `${labels.product[s.product]} · ${labels.deliveryMethod[s.delivery_method]}`;
            return (
              <tr key={s.item_number} className={checked ? 'bg-primary/5' : isNew ? 'bg-success/10' : 'hover:bg-base-200/60'} data-new={isNew || undefined}>
                <td>
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    aria-label={t`Select ${s.item_number}`}
                    checked={checked}
                    onChange={(e) => onToggle(s.item_number, e.target.checked)}
                  />
                </td>
                <td className="whitespace-nowrap tabular-nums">
                  <Link to="/shipment/$item_number" params={{ item_number: s.item_number }} className="link font-medium link-hover link-primary" title={t`Details`}>
                    {s.item_number}
                  </Link>
                  {isNew && <span className="badge ml-2 badge-xs badge-success">{t`New`}</span>}
                </td>
                {show('tracking') && <td className="whitespace-nowrap tabular-nums">{s.tracking_number ?? <EmptyValue />}</td>}
                {show('reference') && (
                  <td className="max-w-32 truncate" title={s.reference_number ?? undefined}>
                    {s.reference_number || <EmptyValue />}
                  </td>
                )}
                {show('receiver') && (
                  <td className="max-w-64 truncate" title={`${s.receiver_name}, ${place}`}>
                    <span className="font-medium">{s.receiver_name}</span>
                    <span className="text-base-content/70">, {place}</span>
                  </td>
                )}
                {show('product') && (
                  <td className="max-w-48 truncate" title={product}>
                    {product}
                  </td>
                )}
                {show('status') && (
                  <td>
                    <StatusBadge status={s.status} className="badge-sm" />
                  </td>
                )}
                {show('delivery') && (
                  <td className="max-w-40 truncate" title={format.dateTime(s.tracking_status_at)}>
                    <TrackingStatusBadge status={s.tracking_status} className="badge-sm" />
                  </td>
                )}
                {show('label') && (
                  <td>
                    <LabelPrinted shipment={s} className="badge-sm" />
                  </td>
                )}
                {show('created') && <td className="whitespace-nowrap tabular-nums">{format.dateTime(s.created_at)}</td>}
                {show('partner') && (
                  <td className="max-w-32 truncate" title={s.partner_name ?? undefined}>
                    {s.partner_name ?? <EmptyValue />}
                  </td>
                )}
                {show('company') && (
                  <td className="max-w-36 truncate" title={s.company_name}>
                    {s.company_name ?? <EmptyValue />}
                  </td>
                )}
                <td className="w-10 py-1 text-right">
                  <ShipmentActionsMenu shipment={s} onDelete={onDelete} onDownloadLabel={onDownloadLabel} labelBusy={downloadingLabel === s.item_number} compact />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
