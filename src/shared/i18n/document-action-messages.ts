// Messages of the import, label, manifest and scan screens: kept out of messages.ts, which the web
// app's first load carries (these screens load their own chunks). Looked up by id through find-message.
import type { MessageDescriptor } from './messages.ts';

export const documentActionMessages = {
  importFileRequired: /*i18n*/ { id: 'import.file.required', message: 'File is required' },
  importTypeInvalid: /*i18n*/ { id: 'import.type.invalid', message: 'Choose a .csv or .xlsx file.' },
  importTooLarge: /*i18n*/ { id: 'import.file.too_large', message: 'The file is larger than 30 MB.' },
  importEmpty: /*i18n*/ { id: 'import.file.empty', message: 'The file has no rows to import.' },
  importUnreadable: /*i18n*/ { id: 'import.file.unreadable', message: 'The file could not be read.' },
  importColumnsMissing: /*i18n*/ { id: 'import.columns.missing', message: 'Some required columns were not found: map them to the file columns.' },
  importNotFound: /*i18n*/ { id: 'import.not_found', message: 'Import not found.' },
  labelsNoneSelected: /*i18n*/ { id: 'shipment.labels.none_selected', message: 'Select at least one shipment.' },
  labelsTooMany: /*i18n*/ { id: 'shipment.labels.too_many', message: 'At most 1,000 labels can be printed at once.' },
  manifestNoneSelected: /*i18n*/ { id: 'manifest.none_selected', message: 'Select at least one shipment.' },
  manifestNotFound: /*i18n*/ { id: 'manifest.not_found', message: 'Manifest not found.' },
  trackingTemplateInvalid: /*i18n*/ { id: 'partner.tracking_url_template.invalid', message: 'Use an https:// address that contains the tracking number placeholder' },
  parcelIdsRequired: /*i18n*/ { id: 'scan.parcels_id.required', message: 'Enter or scan at least one parcel id' },
  parcelStatusNoneFound: /*i18n*/ { id: 'scan.export.none_found', message: 'No parcels found in this period' },
} as const satisfies Record<string, MessageDescriptor>;
