import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { showToast } from '#web/components/ui/toast-store.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { useCreateManifest } from '../api/create-manifest.ts';
import { useDownloadLabels, useDownloadNotPrintedLabels } from '../api/download-labels.ts';
import { isZplFormat } from '#shared/domain/label-formats.ts';
import { useLabelPrinting } from '../label-printer.ts';
import { LabelPrinterPicker } from './label-printer-picker.tsx';
import { LabelStartPicker } from './label-start-picker.tsx';
import { UsbPrinterControl } from './usb-printer-control.tsx';
import { useLabelDeliveryToast } from './use-label-delivery-toast.ts';
import { useLabelStart } from './use-label-start.ts';

/**
 * The selection's documents (spec sections 7 and 8): one file of labels for this device's label
 * printer (with the office printer four per A4 sheet from the chosen quarter), and a manifest of the selected CREATED shipments (after a confirmation, since
 * they become MANIFESTED and can no longer be deleted). While a PDF is made the button spins and a
 * progress bar runs below the toolbar; the server's refusal (naming the items) is shown as a toast.
 */
export function ShipmentBulkActions({
  items,
  pickupAddressIds = [],
  canManifest = true,
  canPrintWaiting = true,
  onManifestCreated,
}: {
  items: string[];
  /** The selected shipments' pickup addresses: their printer, when the device follows the profiles. */
  pickupAddressIds?: readonly (string | null)[];
  canManifest?: boolean;
  /** "Print not yet printed": a clerk's action for their company (not an admin's, across all). */
  canPrintWaiting?: boolean;
  onManifestCreated: () => void;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const labels = useDownloadLabels();
  const waiting = useDownloadNotPrintedLabels();
  const manifest = useCreateManifest();
  const [start, setStart] = useLabelStart();
  const printing = useLabelPrinting();
  // Nothing selected: "Print not yet printed" prints the company's waiting labels, on its printer.
  const batch = { format: printing.formatFor('many', pickupAddressIds), start };
  const waitingBatch = { format: printing.formatFor('many', []), start };
  const delivered = useLabelDeliveryToast();
  // The items stay while the dialog closes, so its title does not change during the fade-out.
  const [confirm, setConfirm] = useState<{ open: boolean; items: string[] }>({ open: false, items: [] });
  const closeConfirm = () => setConfirm((c) => ({ ...c, open: false }));
  const count = items.length;

  async function downloadLabels() {
    const format = await printing.formatForPrint('many', pickupAddressIds);
    labels.mutate(
      { itemNumbers: items, batch: { format, start } },
      {
        onSuccess: (delivery) => delivered(delivery, t`Labels downloaded.`),
        onError: (error) => showToast(errorText(error), 'error'),
      },
    );
  }

  async function downloadNotPrinted() {
    const format = await printing.formatForPrint('many', []);
    waiting.mutate(
      { format, start },
      {
        onSuccess: (delivery) => delivered(delivery, t`Labels downloaded.`),
        // 400 without field errors: every waiting label has been printed, news rather than a failure.
        onError: (error) => showToast(errorText(error), error instanceof ApiError && error.status === 400 && !error.body?.errors ? 'info' : 'error'),
      },
    );
  }

  function createManifest() {
    manifest.mutate(confirm.items, {
      onSuccess: () => {
        showToast(t`Manifest downloaded.`);
        onManifestCreated();
      },
      onError: (error) => showToast(errorText(error), 'error'),
      onSettled: closeConfirm,
    });
  }

  const labelsCount = labels.variables?.itemNumbers.length ?? 0;
  const confirmCount = confirm.items.length;

  return (
    <>
      <div className="join">
        <button type="button" className="btn btn-outline btn-sm join-item" disabled={count === 0 || labels.isPending} aria-busy={labels.isPending} onClick={downloadLabels}>
          {labels.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <PrinterIcon />}
          {labels.isPending ? t`Preparing labels…` : count > 0 ? t`Download labels (${count})` : t`Download labels`}
        </button>
        {(batch.format === 'pdf-a4' || waitingBatch.format === 'pdf-a4') && <LabelStartPicker value={start} onChange={setStart} disabled={labels.isPending} />}
      </div>
      <LabelPrinterPicker value={printing.choice} following={printing.printerFor(pickupAddressIds)} onChange={printing.setChoice} disabled={labels.isPending || waiting.isPending} />
      {(isZplFormat(batch.format) || isZplFormat(waitingBatch.format)) && <UsbPrinterControl />}
      {canPrintWaiting && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={waiting.isPending}
          aria-busy={waiting.isPending}
          title={t`The labels of your waiting shipments that were never printed, oldest first (up to 1,000)`}
          onClick={downloadNotPrinted}
        >
          {waiting.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <PrinterIcon />}
          {waiting.isPending ? t`Preparing labels…` : t`Print not yet printed`}
        </button>
      )}
      <button
        type="button"
        className={`btn btn-outline btn-sm ${canManifest ? '' : 'hidden'}`}
        disabled={count === 0 || manifest.isPending}
        aria-busy={manifest.isPending}
        onClick={() => setConfirm({ open: true, items })}
      >
        {manifest.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <ManifestIcon />}
        {manifest.isPending ? t`Creating manifest…` : count > 0 ? t`Create manifest (${count})` : t`Create manifest`}
      </button>

      {labels.isPending && (
        <div className="order-last flex w-full flex-col gap-1" role="status">
          <span className="text-sm text-base-content/70">
            <Plural value={labelsCount} one="Preparing the file of # label…" other="Preparing the file of # labels…" />
          </span>
          <progress className="progress progress-primary w-full" aria-label={t`Preparing labels…`} />
        </div>
      )}

      <ConfirmDialog
        open={confirm.open}
        busy={manifest.isPending}
        tone="primary"
        title={<Plural value={confirmCount} one="Create a manifest for # shipment?" other="Create a manifest for # shipments?" />}
        confirmLabel={t`Create manifest`}
        onConfirm={createManifest}
        onCancel={closeConfirm}
      >
        <p>
          <Trans>The driver signs the manifest when taking the parcels over. Each pickup address and partner gets one; several come as a zip file.</Trans>
        </p>
        <p className="mt-3 text-sm text-base-content/70">
          <Trans>The shipments change to status Manifested and can no longer be deleted. Only shipments in status Created can go on a manifest.</Trans>
        </p>
      </ConfirmDialog>
    </>
  );
}

function PrinterIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M7 9V3h10v6M7 17H5a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-2M7 14h10v7H7z" />
    </svg>
  );
}

function ManifestIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12l2 2 4-4M9 17h6" />
    </svg>
  );
}
