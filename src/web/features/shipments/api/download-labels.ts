import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkLabelsEndpoint, type BulkLabelsRequest } from '#shared/contract/labels.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';
import { shipmentKeys } from './shipment-keys.ts';

export type LabelStart = NonNullable<BulkLabelsRequest['start']>;

/** Many labels, four per A4 sheet from quarter `start`, as one PDF (labels.pdf); 400 names the items that have none. */
export function downloadLabels(itemNumbers: string[], start: LabelStart) {
  const body: BulkLabelsRequest = { layout: 'A4', item_numbers: itemNumbers, start };
  return downloadFromApi(bulkLabelsEndpoint, { body }, 'labels.pdf');
}

/** The waiting shipments whose label was never printed, oldest first (up to 1,000), as one PDF; 400 when none wait. */
export function downloadNotPrintedLabels(start: LabelStart) {
  const body: BulkLabelsRequest = { layout: 'A4', not_printed: true, start };
  return downloadFromApi(bulkLabelsEndpoint, { body }, 'labels.pdf');
}

/** The labels made count as printed (issue 33): the lists are read again. */
export function useDownloadLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemNumbers, start }: { itemNumbers: string[]; start: LabelStart }) => downloadLabels(itemNumbers, start),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}

/** Printing marks the shipments printed: the lists are read again afterwards. */
export function useDownloadNotPrintedLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ start }: { start: LabelStart }) => downloadNotPrintedLabels(start),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
