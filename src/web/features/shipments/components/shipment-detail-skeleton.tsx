import { useLingui } from '@lingui/react/macro';

/** Placeholder cards while a shipment loads. */
export function ShipmentDetailSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{t`Loading shipment…`}</span>
      <div aria-hidden="true">
        <div className="skeleton mb-4 h-8 w-72" />
        <div className="grid gap-4 lg:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="card bg-base-100 shadow-sm">
              <div className="card-body gap-3 p-4 sm:p-6">
                <div className="skeleton h-5 w-32" />
                {Array.from({ length: 4 }, (_, j) => (
                  <div key={j} className="skeleton h-4 w-full" />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
