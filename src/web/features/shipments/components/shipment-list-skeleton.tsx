import { useLingui } from '@lingui/react/macro';
import { TableSkeleton } from '../../../components/ui/table-skeleton.tsx';

/** Placeholder rows while the first page loads (the first column is the selection box). */
export function ShipmentListSkeleton({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  return <TableSkeleton label={t`Loading shipments…`} columns={isAdmin ? 11 : 10} rows={6} cards={3} leadingCheckbox />;
}
