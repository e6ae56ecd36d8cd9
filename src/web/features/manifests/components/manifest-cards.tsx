import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ManifestDownloadButton } from './manifest-download-button.tsx';
import type { ManifestRowsProps } from './manifest-table.tsx';

/** The list on phones (below sm): one card per manifest with the table's facts. */
export function ManifestCards({ rows, isAdmin, downloading, onDownload, offline, keptFiles, actions }: ManifestRowsProps) {
  const { t } = useLingui();
  const format = useFormat();
  return (
    <ul className="flex flex-col gap-3 sm:hidden" aria-label={t`Manifests`}>
      {rows.map((m) => (
        <li key={m.id} className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold tabular-nums">{m.id}</p>
              <p className="text-sm text-base-content/70 tabular-nums">{format.dateTime(m.created_at)}</p>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-base-content/60">
                <Trans>Pickup address</Trans>
              </dt>
              <dd className="truncate">{m.pickup_address ?? <EmptyValue />}</dd>
              <dt className="text-base-content/60">
                <Trans>Partner</Trans>
              </dt>
              <dd className="truncate">{m.shipment_partner}</dd>
              <dt className="text-base-content/60">
                <Trans>Shipments</Trans>
              </dt>
              <dd className="tabular-nums">{format.number(m.shipment_count)}</dd>
              {isAdmin && (
                <>
                  <dt className="text-base-content/60">
                    <Trans>Company</Trans>
                  </dt>
                  <dd className="truncate">{m.companyName ?? <EmptyValue />}</dd>
                </>
              )}
            </dl>
            <div className="card-actions justify-end">
              {actions?.(m)}
              <ManifestDownloadButton id={m.id} busy={downloading === m.id} onDownload={onDownload} offline={offline} kept={keptFiles.has(m.id)} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
