import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Shipment } from '../../../../shared/contract/shipments.ts';
import { EmptyValue } from '../../../components/ui/empty-value.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useFormat } from '../../../lib/format.ts';
import { ShipmentActionsMenu } from './shipment-actions-menu.tsx';
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
}

/**
 * The dense desktop table (sm and up); phones get ShipmentCards. Receiver (name over city and
 * country) and product (over delivery method) are stacked so that the admin's extra company
 * column still fits 1280 px.
 */
export function ShipmentTable({ rows, isAdmin, selected, onToggle, onToggleAll, onDelete, onDownloadLabel, downloadingLabel }: ShipmentRowsProps) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useShipmentLabels();
  const selectedCount = rows.filter((r) => selected.has(r.item_number)).length;
  const all = rows.length > 0 && selectedCount === rows.length;
  const partial = selectedCount > 0 && !all;

  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow-sm sm:block">
      <table className="table table-sm">
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
            <th>
              <Trans>Tracking number</Trans>
            </th>
            <th>
              <Trans>Reference</Trans>
            </th>
            <th>
              <Trans>Receiver</Trans>
            </th>
            <th>
              <Trans>Product</Trans>
              <span className="block font-normal">
                <Trans>Delivery method</Trans>
              </span>
            </th>
            <th>
              <Trans>Status</Trans>
            </th>
            <th>
              <Trans>Created at</Trans>
            </th>
            <th>
              <Trans>Partner</Trans>
            </th>
            {isAdmin && (
              <th>
                <Trans>Company</Trans>
              </th>
            )}
            <th>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => {
            const checked = selected.has(s.item_number);
            return (
              <tr key={s.item_number} className={checked ? 'bg-primary/5' : 'hover:bg-base-200/60'}>
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
                </td>
                <td className="whitespace-nowrap tabular-nums">{s.tracking_number ?? <EmptyValue />}</td>
                <td className="max-w-32 truncate" title={s.reference_number ?? undefined}>
                  {s.reference_number || <EmptyValue />}
                </td>
                <td className="max-w-52">
                  <div className="truncate font-medium" title={s.receiver_name}>
                    {s.receiver_name}
                  </div>
                  <div className="truncate text-xs text-base-content/70">
                    {s.receiver_city}, {format.country(s.receiver_country)}
                  </div>
                </td>
                <td className="whitespace-nowrap">
                  <div>{labels.product[s.product]}</div>
                  <div className="text-xs text-base-content/70">{labels.deliveryMethod[s.delivery_method]}</div>
                </td>
                <td>
                  <StatusBadge status={s.status} />
                </td>
                <td className="whitespace-nowrap tabular-nums">{format.dateTime(s.created_at)}</td>
                <td className="max-w-32 truncate" title={s.partner_name ?? undefined}>
                  {s.partner_name ?? <EmptyValue />}
                </td>
                {isAdmin && (
                  <td className="max-w-36 truncate" title={s.company_name}>
                    {s.company_name ?? <EmptyValue />}
                  </td>
                )}
                <td className="w-10 text-right">
                  <ShipmentActionsMenu shipment={s} onDelete={onDelete} onDownloadLabel={onDownloadLabel} labelBusy={downloadingLabel === s.item_number} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
