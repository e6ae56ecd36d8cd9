import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useRef, type CSSProperties } from 'react';
import type { Shipment } from '#shared/contract/shipments.ts';

/**
 * A row's actions as a daisyUI dropdown on the popover API: it opens in the top layer, so the
 * table's horizontal scroll box does not clip it; Escape and a click outside close it. Details
 * for every shipment (unless the caller shows its own link); Download label unless DELETED;
 * Delete only for a CREATED one (spec section 4). With nothing to offer, no menu is shown. While
 * the row's label is fetched, the menu button spins.
 */
export interface ShipmentActionsMenuProps {
  shipment: Shipment;
  /** Absent when the caller's role may not delete. */
  onDelete?: ((itemNumber: string) => void) | undefined;
  onDownloadLabel: (itemNumber: string) => void;
  /** The row's label is being fetched. */
  labelBusy?: boolean;
  withDetails?: boolean;
  /** A smaller button, for the one-line table rows. */
  compact?: boolean;
}

/** The menu pattern's keys: arrows move between the items (wrapping), Home and End jump. */
function moveFocus(menu: HTMLElement, key: string): boolean {
  const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')];
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: (at + 1) % items.length, ArrowUp: (at - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[key];
  if (next === undefined) return false;
  items[next]?.focus();
  return true;
}

export function ShipmentActionsMenu({ shipment, onDelete, onDownloadLabel, labelBusy = false, withDetails = true, compact = false }: ShipmentActionsMenuProps) {
  const { t } = useLingui();
  const menuRef = useRef<HTMLUListElement>(null);
  const id = `actions-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const anchor = `--${id}`;
  const canDelete = shipment.status === 'CREATED' && onDelete !== undefined;
  const hasLabel = shipment.status !== 'DELETED';
  const itemNumber = shipment.item_number;
  if (!withDetails && !hasLabel) return null;

  return (
    <>
      <button
        type="button"
        className={`btn btn-square btn-ghost ${compact ? 'btn-xs' : 'btn-sm'}`}
        popoverTarget={id}
        style={{ anchorName: anchor } as CSSProperties}
        aria-label={t`Actions for ${itemNumber}`}
        aria-haspopup="menu"
        aria-busy={labelBusy}
      >
        {labelBusy ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          <svg xmlns="http://www.w3.org/2000/svg" className={compact ? 'h-4 w-4' : 'h-5 w-5'} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="1.8" />
            <circle cx="12" cy="12" r="1.8" />
            <circle cx="12" cy="19" r="1.8" />
          </svg>
        )}
      </button>
      <ul
        ref={menuRef}
        id={id}
        popover="auto"
        role="menu"
        aria-label={t`Actions for ${itemNumber}`}
        className="dropdown dropdown-end menu z-50 w-48 rounded-box bg-base-100 p-2 shadow-lg"
        style={{ positionAnchor: anchor } as CSSProperties}
        // Opening puts the focus on the first item; Escape (the popover's own) returns it to the button.
        onToggle={(e) => {
          if (e.newState === 'open') menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
        }}
        onKeyDown={(e) => {
          if (menuRef.current && moveFocus(menuRef.current, e.key)) e.preventDefault();
        }}
      >
        {withDetails && (
          <li role="none">
            <Link to="/shipment/$item_number" params={{ item_number: itemNumber }} role="menuitem" onClick={() => menuRef.current?.hidePopover()}>
              <Trans>Details</Trans>
            </Link>
          </li>
        )}
        {hasLabel && (
          <li role="none">
            <button
              type="button"
              role="menuitem"
              disabled={labelBusy}
              onClick={() => {
                menuRef.current?.hidePopover();
                onDownloadLabel(itemNumber);
              }}
            >
              <Trans>Download label</Trans>
            </button>
          </li>
        )}
        {canDelete && (
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="text-error"
              onClick={() => {
                menuRef.current?.hidePopover();
                onDelete?.(itemNumber);
              }}
            >
              <Trans>Delete</Trans>
            </button>
          </li>
        )}
      </ul>
    </>
  );
}
