import { useMutation } from '@tanstack/react-query';
import type { ParcelStatusExportQuery } from '../../../../shared/contract/parcel-status.ts';
import { downloadFromApi } from '../../../lib/download-from-api.ts';
import { PARCEL_STATUS_PATH } from '../../../offline/scan-send.ts';

/** packages.xlsx: the parcels scanned from dateFrom to dateTo (optionally one barcode); none found answers 404. */
export function exportParcelStatus({ dateFrom, dateTo, barcode }: ParcelStatusExportQuery) {
  return downloadFromApi(PARCEL_STATUS_PATH, 'packages.xlsx', { query: { dateFrom, dateTo, barcode } });
}

export function useExportParcelStatus() {
  return useMutation({ mutationFn: exportParcelStatus });
}
