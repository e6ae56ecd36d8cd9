import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { SHIPMENT_COLUMNS, type ShipmentColumn, type ShipmentColumns } from './shipment-columns.ts';

/** "Columns": which of the table's columns show, kept on this device; only where the list is a table. */
export function ShipmentColumnChooser({ columns, isAdmin }: { columns: ShipmentColumns; isAdmin: boolean }) {
  const { t } = useLingui();
  const details = useRef<HTMLDetailsElement>(null);
  const names: Record<ShipmentColumn, string> = {
    tracking: t`Tracking number`,
    reference: t`Reference`,
    receiver: t`Receiver`,
    product: t`Product and delivery method`,
    status: t`Status`,
    delivery: t`Delivery progress`,
    label: t`Label`,
    created: t`Created at`,
    partner: t`Partner`,
    company: t`Company`,
  };
  const choices = SHIPMENT_COLUMNS.filter((c) => isAdmin || c !== 'company');

  return (
    <details
      ref={details}
      className="dropdown dropdown-end hidden lg:block"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !details.current?.open) return;
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="btn btn-ghost btn-sm">
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M9 4v16M15 4v16M4 4h16v16H4z" />
        </svg>
        <Trans>Columns</Trans>
      </summary>
      <fieldset className="dropdown-content z-30 mt-2 w-64 rounded-box bg-base-100 p-3 shadow">
        <legend className="sr-only">{t`Columns shown in the table`}</legend>
        {choices.map((column) => (
          <label key={column} className="flex min-h-9 cursor-pointer items-center gap-3 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" checked={columns.shown.has(column)} onChange={(e) => columns.toggle(column, e.target.checked)} />
            {names[column]}
          </label>
        ))}
        <button type="button" className="btn mt-2 w-full btn-ghost btn-sm" disabled={!columns.custom} onClick={columns.reset}>
          <Trans>Default columns for this screen</Trans>
        </button>
      </fieldset>
    </details>
  );
}
