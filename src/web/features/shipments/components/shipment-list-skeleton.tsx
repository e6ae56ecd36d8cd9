import { useLingui } from '@lingui/react/macro';

const ROWS = 6;

/** Placeholder rows while the first page loads: the table's shape on desktop, cards on phones. */
export function ShipmentListSkeleton({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  const columns = isAdmin ? 11 : 10;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t`Loading shipments…`}</span>
      <div className="hidden overflow-hidden rounded-box bg-base-100 shadow-sm sm:block" aria-hidden="true">
        <table className="table table-sm">
          <thead>
            <tr>
              {Array.from({ length: columns }, (_, i) => (
                <th key={i}>
                  <div className={`skeleton ${i === 0 ? 'h-4 w-4' : 'h-3 w-full max-w-20'}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: ROWS }, (_, row) => (
              <tr key={row}>
                {Array.from({ length: columns }, (_, i) => (
                  <td key={i}>
                    <div className={`skeleton ${i === 0 ? 'h-4 w-4' : 'h-4 w-full max-w-28'}`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-3 sm:hidden" aria-hidden="true">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="card bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <div className="skeleton h-5 w-40" />
              <div className="skeleton h-4 w-56" />
              <div className="skeleton h-4 w-32" />
              <div className="skeleton h-16 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
