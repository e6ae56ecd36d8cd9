import { useMutation } from '@tanstack/react-query';
import { bulkLabelsEndpoint, type BulkLabelsRequest } from '#shared/contract/labels.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';

export type LabelStart = NonNullable<BulkLabelsRequest['start']>;

/** Many labels, four per A4 sheet from quarter `start`, as one PDF (labels.pdf); 400 names the items that have none. */
export function downloadLabels(itemNumbers: string[], start: LabelStart) {
  const body: BulkLabelsRequest = { layout: 'A4', item_numbers: itemNumbers, start };
  return downloadFromApi(bulkLabelsEndpoint, { body }, 'labels.pdf');
}

export function useDownloadLabels() {
  return useMutation({ mutationFn: ({ itemNumbers, start }: { itemNumbers: string[]; start: LabelStart }) => downloadLabels(itemNumbers, start) });
}
