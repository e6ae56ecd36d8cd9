import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Manifest } from '#shared/contract/manifests.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useFormat } from '#web/lib/format.ts';
import { ManifestDownloadButton } from './manifest-download-button.tsx';

export interface ManifestRowsProps {
  rows: Manifest[];
  isAdmin: boolean;
  /** The manifest whose PDF is being fetched. */
  downloading: string | null;
  onDownload: (id: string) => void;
  /** The list is the copy kept offline: only the PDFs in `keptFiles` can be saved. */
  offline: boolean;
  /** The manifests whose PDF this device keeps (lib/kept-files.ts). */
  keptFiles: ReadonlySet<string>;
  /** More actions of a manifest, beside its download (its labels: composed by the route). */
  actions?: (manifest: Manifest) => ReactNode;
}

/** The dense desktop list (sm and up); phones get ManifestCards. Admins also see whose manifest it is. */
export function ManifestTable({ rows, isAdmin, downloading, onDownload, offline, keptFiles, actions }: ManifestRowsProps) {
  const format = useFormat();
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow-sm sm:block">
      <table className="table table-sm">
        <caption className="sr-only">
          <Trans>Manifests</Trans>
        </caption>
        <thead>
          <tr>
            <th>
              <Trans>Manifest</Trans>
            </th>
            <th>
              <Trans>Created at</Trans>
            </th>
            <th>
              <Trans>Pickup address</Trans>
            </th>
            <th>
              <Trans>Partner</Trans>
            </th>
            <th className="text-right">
              <Trans>Shipments</Trans>
            </th>
            {isAdmin && (
              <th>
                <Trans>Company</Trans>
              </th>
            )}
            <th>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id} className="hover:bg-base-200/60">
              <td className="whitespace-nowrap font-medium tabular-nums">{m.id}</td>
              <td className="whitespace-nowrap tabular-nums">{format.dateTime(m.created_at)}</td>
              <td className="max-w-64 truncate" title={m.pickup_address ?? undefined}>
                {m.pickup_address ?? <EmptyValue />}
              </td>
              <td className="max-w-40 truncate" title={m.shipment_partner}>
                {m.shipment_partner}
              </td>
              <td className="text-right tabular-nums">{format.number(m.shipment_count)}</td>
              {isAdmin && (
                <td className="max-w-40 truncate" title={m.companyName}>
                  {m.companyName ?? <EmptyValue />}
                </td>
              )}
              <td className="w-px text-right">
                <span className="inline-flex items-center justify-end gap-1">
                  {actions?.(m)}
                  <ManifestDownloadButton id={m.id} busy={downloading === m.id} onDownload={onDownload} offline={offline} kept={keptFiles.has(m.id)} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
