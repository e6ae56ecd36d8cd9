import { Trans, useLingui } from '@lingui/react/macro';
import type { Manifest } from '#shared/contract/manifests.ts';
import { KEPT_NOTICE_ID } from '#web/components/ui/list-states.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useDownloadManifestLabels } from '../api/download-labels.ts';
import { useLabelPrinting } from '../label-printer.ts';
import { useLabelDeliveryToast } from './use-label-delivery-toast.ts';
import { readLabelStart } from './use-label-start.ts';

/**
 * Prints the labels of a manifest's shipments again (issue 33: a hand-over's parcels relabelled),
 * on this device's label printer or, by default, its pickup address's; it spins while the file is
 * made. Offline it is disabled, its reason in the title and in the kept list's notice. The
 * manifest list shows it (composed by its route: features do not import each other).
 */
export function ManifestLabelsButton({ manifest, offline = false }: { manifest: Manifest; offline?: boolean }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const labels = useDownloadManifestLabels();
  const printing = useLabelPrinting();
  const delivered = useLabelDeliveryToast();
  const { id } = manifest;
  const busy = labels.isPending;

  async function print() {
    const batch = { format: await printing.formatForPrint('many', [manifest.pickup_address_id]), start: readLabelStart() };
    labels.mutate({ manifestId: id, batch }, { onSuccess: (delivery) => delivered(delivery, t`Labels downloaded.`), onError: (error) => showToast(errorText(error), 'error') });
  }

  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={busy || offline}
      aria-busy={busy}
      aria-label={t`Print the labels of manifest ${id}`}
      aria-describedby={offline ? KEPT_NOTICE_ID : undefined}
      title={offline ? t`Needs the connection.` : undefined}
      onClick={print}
    >
      {busy ? (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      ) : (
        <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeWidth="2"
            d="M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M7 14h10v7H7z"
          />
        </svg>
      )}
      <Trans>Labels</Trans>
    </button>
  );
}
