import { useMediaQuery } from '#web/lib/use-media-query.ts';

/**
 * Placeholder while a list loads: the table's shape on desktop, cards on phones (only the one the
 * width shows is rendered: it is part of a list's first paint). `label` is read by screen readers;
 * `leadingCheckbox` draws the first column as a selection box.
 */
export function TableSkeleton({
  label,
  columns,
  rows,
  cards,
  leadingCheckbox = false,
  tableFrom = 'sm',
}: {
  label: string;
  columns: number;
  rows: number;
  cards: number;
  leadingCheckbox?: boolean;
  /** The width from which the real list is a table (below it, cards). */
  tableFrom?: 'sm' | 'lg';
}) {
  const wide = useMediaQuery(tableFrom === 'lg' ? '(min-width: 1024px)' : '(min-width: 640px)');
  const box = (i: number, size: string) => `skeleton ${leadingCheckbox && i === 0 ? 'h-4 w-4' : size}`;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      {wide ? (
        <div className="overflow-hidden rounded-box bg-base-100 shadow-sm" aria-hidden="true">
          <table className="table table-sm">
            <thead>
              <tr>
                {Array.from({ length: columns }, (_, i) => (
                  <th key={i}>
                    <div className={box(i, 'h-3 w-full max-w-20')} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows }, (_, row) => (
                <tr key={row}>
                  {Array.from({ length: columns }, (_, i) => (
                    <td key={i}>
                      <div className={box(i, 'h-4 w-full max-w-28')} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {Array.from({ length: cards }, (_, i) => (
            <div key={i} className="card bg-base-100 shadow-sm">
              <div className="card-body gap-2 p-4">
                <div className="skeleton h-5 w-40" />
                <div className="skeleton h-4 w-56" />
                <div className="skeleton h-16 w-full" />
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
