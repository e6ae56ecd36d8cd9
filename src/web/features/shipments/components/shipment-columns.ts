// Which columns the shipment table shows. Item number, selection and the row menu always show; the
// others have defaults per width that keep every row on one line without sideways scrolling (an
// office screen, a depot tablet in landscape), and the user may choose others; the choice is kept
// on this device. Below 1024 px the list is cards, which show everything.
import { useDeviceSetting } from '#web/lib/use-device-setting.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';

export const SHIPMENT_COLUMNS = ['tracking', 'reference', 'receiver', 'product', 'status', 'delivery', 'label', 'created', 'partner', 'company'] as const;
export type ShipmentColumn = (typeof SHIPMENT_COLUMNS)[number];

const STORAGE_KEY = 'shipment-columns';

/** What fits at the width without the user's choice: 1280 px and up has room for more. */
export function defaultShipmentColumns(wide: boolean, isAdmin: boolean): ShipmentColumn[] {
  const base: ShipmentColumn[] = ['tracking', 'receiver', 'status', 'created'];
  if (!wide) return base;
  // A shop follows its parcels' delivery rather than the partner the carrier chose (both did not fit in German).
  return isAdmin ? [...base, 'partner', 'company'] : ['tracking', 'reference', 'receiver', 'status', 'delivery', 'created'];
}

/** The stored choice, or null; a stored value that is not a list of known columns counts as none. */
export function parseStoredColumns(raw: string | null): ShipmentColumn[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return SHIPMENT_COLUMNS.filter((c) => value.includes(c));
  } catch {
    return null;
  }
}

export interface ShipmentColumns {
  shown: ReadonlySet<ShipmentColumn>;
  /** True while the user's own choice applies rather than the width's default. */
  custom: boolean;
  toggle: (column: ShipmentColumn, show: boolean) => void;
  reset: () => void;
}

export function useShipmentColumns(isAdmin: boolean): ShipmentColumns {
  const wide = useMediaQuery('(min-width: 1280px)');
  const [raw, write] = useDeviceSetting(STORAGE_KEY);
  const stored = parseStoredColumns(raw);
  const available = (c: ShipmentColumn) => isAdmin || c !== 'company';
  const shown = new Set((stored ?? defaultShipmentColumns(wide, isAdmin)).filter(available));
  return {
    shown,
    custom: stored !== null,
    toggle: (column, show) => {
      const next = new Set(shown);
      if (show) next.add(column);
      else next.delete(column);
      write(JSON.stringify(SHIPMENT_COLUMNS.filter((c) => next.has(c))));
    },
    reset: () => write(null),
  };
}
