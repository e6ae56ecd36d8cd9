import { useMutation } from '@tanstack/react-query';
import { parcelStatusExportEndpoint, type ParcelStatusExportQuery } from '#shared/contract/parcel-status.ts';
import { downloadFromApi } from '#web/lib/download-from-api.ts';

/** packages.xlsx: the parcels scanned from dateFrom to dateTo (optionally one barcode); none found answers 404. */
export function exportParcelStatus({ dateFrom, dateTo, barcode }: ParcelStatusExportQuery) {
  return downloadFromApi(parcelStatusExportEndpoint, { query: { dateFrom, dateTo, barcode } }, 'packages.xlsx');
}

export function useExportParcelStatus() {
  return useMutation({ mutationFn: exportParcelStatus });
}
