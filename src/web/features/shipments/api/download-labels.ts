import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkLabelsEndpoint, type BulkLabelsRequest } from '#shared/contract/labels.ts';
import { LABEL_FORMAT_FILES, type LabelFormat } from '#shared/domain/label-formats.ts';
import { fetchFileFromApi } from '#web/lib/download-from-api.ts';
import { deliverLabelFile, type LabelDelivery } from '../label-delivery.ts';
import { shipmentKeys } from './shipment-keys.ts';

export type LabelStart = NonNullable<BulkLabelsRequest['start']>;

/** How a batch prints: the file's format and, for A4 sheets, the first free quarter. */
export interface LabelBatch {
  format: LabelFormat;
  start: LabelStart;
}

const fileName = (format: LabelFormat) => `labels.${LABEL_FORMAT_FILES[format].extension}`;

/**
 * Many labels as one file (four per A4 sheet from quarter `start`, or one a page, or ZPL), saved or
 * sent to the USB printer (label-delivery.ts); 400 names the items that have none.
 */
export async function downloadLabels(itemNumbers: string[], { format, start }: LabelBatch): Promise<LabelDelivery> {
  const body: BulkLabelsRequest = { format, item_numbers: itemNumbers, start };
  return deliverLabelFile(await fetchFileFromApi(bulkLabelsEndpoint, { body }, fileName(format)), format);
}

/** The waiting shipments whose label was never printed, oldest first (up to 1,000), as one file; 400 when none wait. */
export async function downloadNotPrintedLabels({ format, start }: LabelBatch): Promise<LabelDelivery> {
  const body: BulkLabelsRequest = { format, not_printed: true, start };
  return deliverLabelFile(await fetchFileFromApi(bulkLabelsEndpoint, { body }, fileName(format)), format);
}

/** The labels of a manifest's shipments in its order, as one file (a hand-over's parcels relabelled). */
export async function downloadManifestLabels(manifestId: string, { format, start }: LabelBatch): Promise<LabelDelivery> {
  const body: BulkLabelsRequest = { format, manifest_id: manifestId, start };
  return deliverLabelFile(await fetchFileFromApi(bulkLabelsEndpoint, { body }, fileName(format)), format);
}

/** A manifest's labels; they count as printed, so the shipment lists are read again. */
export function useDownloadManifestLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ manifestId, batch }: { manifestId: string; batch: LabelBatch }) => downloadManifestLabels(manifestId, batch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}

/** The labels made count as printed (issue 33): the lists are read again. */
export function useDownloadLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemNumbers, batch }: { itemNumbers: string[]; batch: LabelBatch }) => downloadLabels(itemNumbers, batch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}

/** Printing marks the shipments printed: the lists are read again afterwards. */
export function useDownloadNotPrintedLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: LabelBatch) => downloadNotPrintedLabels(batch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
