import { useLingui } from '@lingui/react/macro';
import { TableSkeleton } from '#web/components/ui/table-skeleton.tsx';

/** Placeholder rows while the history loads. */
export function ImportHistorySkeleton({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  return <TableSkeleton label={t`Loading imports…`} columns={isAdmin ? 9 : 8} rows={4} cards={2} />;
}
