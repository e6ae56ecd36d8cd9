import { useLingui } from '@lingui/react/macro';

const ROWS = 4;

/** Placeholder rows while the history loads: the table's shape on desktop, cards on phones. */
export function ImportHistorySkeleton({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useLingui();
  const columns = isAdmin ? 9 : 8;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t`Loading imports…`}</span>
      <div className="hidden overflow-hidden rounded-box bg-base-100 shadow-sm sm:block" aria-hidden="true">
        <table className="table table-sm">
          <thead>
            <tr>
              {Array.from({ length: columns }, (_, i) => (
                <th key={i}>
                  <div className="skeleton h-3 w-full max-w-20" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: ROWS }, (_, row) => (
              <tr key={row}>
                {Array.from({ length: columns }, (_, i) => (
                  <td key={i}>
                    <div className="skeleton h-4 w-full max-w-28" />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-3 sm:hidden" aria-hidden="true">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} className="card bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4">
              <div className="skeleton h-5 w-48" />
              <div className="skeleton h-16 w-full" />
              <div className="skeleton h-8 w-28 self-end" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
