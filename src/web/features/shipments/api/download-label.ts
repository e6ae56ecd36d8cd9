import { useMutation, useQueryClient } from '@tanstack/react-query';
import { singleLabelEndpoint } from '#shared/contract/labels.ts';
import { LABEL_FORMAT_FILES, type LabelFormat } from '#shared/domain/label-formats.ts';
import { api } from '#web/lib/api.ts';
import { blobFromBase64 } from '#web/lib/download-file.ts';
import { deliverLabelFile, type LabelDelivery } from '../label-delivery.ts';
import { shipmentKeys } from './shipment-keys.ts';

/**
 * One label in `format` (label-printer.ts picks it): the spec's JSON with the file in base64, saved
 * as label_{item_number}.pdf (or .zpl for a thermal printer's ZPL, or sent to the USB printer:
 * label-delivery.ts); 400 for a DELETED shipment.
 */
export async function downloadLabel(itemNumber: string, format: LabelFormat): Promise<LabelDelivery> {
  const { shipment } = await api.call(singleLabelEndpoint, { params: { item_number: itemNumber }, query: { format } });
  const { mediaType, extension } = LABEL_FORMAT_FILES[format];
  return deliverLabelFile({ blob: blobFromBase64(shipment.label, mediaType), filename: `label_${itemNumber}.${extension}` }, format);
}

/** A label made counts as printed (issue 33): the lists and the detail are read again. */
export function useDownloadLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemNumber, format }: { itemNumber: string; format: LabelFormat }) => downloadLabel(itemNumber, format),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
