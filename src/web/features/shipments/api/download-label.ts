import { useMutation, useQueryClient } from '@tanstack/react-query';
import { singleLabelEndpoint } from '#shared/contract/labels.ts';
import { api } from '#web/lib/api.ts';
import { blobFromBase64, saveBlob } from '#web/lib/download-file.ts';
import { shipmentKeys } from './shipment-keys.ts';

/** One A6 label: the spec's JSON with the PDF in base64, saved as label_{item_number}.pdf (400 for a DELETED shipment). */
export async function downloadLabel(itemNumber: string): Promise<void> {
  const { shipment } = await api.call(singleLabelEndpoint, { params: { item_number: itemNumber } });
  saveBlob(blobFromBase64(shipment.label, 'application/pdf'), `label_${itemNumber}.pdf`);
}

/** A label made counts as printed (issue 33): the lists and the detail are read again. */
export function useDownloadLabel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: downloadLabel, onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }) });
}
