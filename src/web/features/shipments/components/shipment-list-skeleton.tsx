import { useLingui } from '@lingui/react/macro';
import { TableSkeleton } from '#web/components/ui/table-skeleton.tsx';

/** Placeholder rows while the first page loads (the first column is the selection box). */
export function ShipmentListSkeleton({ columns }: { columns: number }) {
  const { t } = useLingui();
  return <TableSkeleton label={t`Loading shipments…`} columns={columns} rows={12} cards={3} leadingCheckbox tableFrom="lg" />;
}
