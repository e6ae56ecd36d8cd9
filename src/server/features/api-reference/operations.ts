// The human part of the API reference (openapi.ts): a summary per endpoint of the table, a few
// longer descriptions, the media types of the file downloads and the examples. Everything else
// (paths, parameters, bodies, answers, security, errors) is generated from the endpoint table.
// Kept here on the server, not in the shared contract, so that the web app's bundles carry no
// documentation prose. An endpoint without an entry still appears, titled by its method and path.
import type { EndpointName } from '#shared/contract/endpoints.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';

export interface OperationText {
  summary: string;
  description?: string;
  /** Media types of a file answer (`answer: 'file'`); application/octet-stream when not given. */
  files?: readonly string[];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const OPERATIONS: Partial<Record<EndpointName, OperationText>> = {
  token: {
    summary: 'Get an access token',
    description:
      'OAuth 2.0 client credentials (RFC 6749 section 4.4): send `client_id` and `client_secret` and get a bearer token for the other calls. ' +
      'The answer also sets an HttpOnly refresh cookie that the web app uses with `grant_type=refresh_token`; an integration simply asks for a new token with its credentials when the old one expires (`expires_in`, seconds) or a call answers 401. ' +
      'Failed sign-ins are limited per client id and address (429 with Retry-After). Errors follow RFC 6749 section 5.2 (`error`: invalid_request, invalid_client, invalid_grant, unsupported_grant_type).',
  },
  revoke: { summary: 'Sign out', description: "Ends the session of the refresh cookie sent (the web app's sign-out). Bearer tokens expire by themselves." },
  appConfig: { summary: 'Web app settings', description: 'Settings the web app reads at start, such as the pickup-point map widgets per country.' },
  profile: { summary: 'Your profile', description: 'The signed-in client and its company.' },
  profileUpdate: { summary: 'Update your profile', description: 'Your own name, email and phone; company fields are read-only here.' },
  changeSecret: { summary: 'Change your secret', description: 'Needs the current secret; common and guessable secrets are refused. Other sessions of the client end.' },
  myPickupAddresses: { summary: 'Your pickup addresses', description: 'The addresses your parcels leave from, with their preferred partners; `pickup_address_id` of a create names one of them.' },
  shipmentStore: {
    summary: 'Create a shipment',
    description:
      'Creates one parcel (the single send form) in status CREATED with its item number; the country and product rules of your contract apply (field errors otherwise). ' +
      'Retry a create that got no answer with the same `Idempotency-Key`: it never creates a second shipment.',
  },
  wizardStore: {
    summary: 'Create a consignment (several parcels)',
    description: 'Creates one shipment per parcel of the payload, sharing a consignment number.',
  },
  shipmentList: {
    summary: 'List shipments',
    description: 'Your company’s shipments, newest first unless `order=oldest`, `take` at a time from `skip`, with the total `count` of the filter. Company, delivery-method and partner filters are for ADMIN. `tracking_status` filters by the delivery status (the latest tracking milestone).\n\n**Sync**: send `updated_since` (ISO 8601 with offset) to get the shipments changed since then, oldest change first, and `next_cursor`; send it back as `cursor` for the next page and, once a page is shorter than `take`, keep it for the next sync. Every change of a shipment (status, delivery status, deletion) brings it back; no change is skipped or answered twice while others write. Not with `skip` or `order`; `count` is what is left from the page’s start.',
  },
  dimensions: { summary: 'Largest parcel dimensions', description: 'The largest height, width and length (cm) accepted for a country, product and delivery method.' },
  shipmentDetail: { summary: 'Get a shipment', description: 'One shipment by its item number.' },
  shipmentDelete: { summary: 'Cancel a shipment', description: 'Cancels a shipment that is still CREATED (status DELETED).' },
  shipmentBulkDelete: { summary: 'Cancel several shipments', description: 'Cancels the CREATED shipments among `item_numbers`.' },
  singleLabel: {
    summary: 'Get a shipment’s label',
    description: 'The A6 label as a PDF file, base64-encoded in `shipment.label` (the web app saves it as `label_{item_number}.pdf`).',
  },
  bulkLabels: { summary: 'Labels of several shipments (PDF)', description: 'One PDF with four A6 labels per A4 sheet, in the order asked; `start` (1–4) skips the used quarters of a sheet.', files: ['application/pdf'] },
  manifestGenerate: {
    summary: 'Close a hand-over (manifest)',
    description: 'Makes the manifests of your CREATED shipments (one per pickup address and partner) and moves them to MANIFESTED. One manifest answers a PDF, several a zip of PDFs.',
    files: ['application/pdf', 'application/zip'],
  },
  manifestList: { summary: 'List manifests' },
  manifestDownload: { summary: 'Download a manifest (PDF)', files: ['application/pdf'] },
  pickupPointSearch: { summary: 'Search pickup points and parcel lockers', description: 'By text, or by distance from a position, within a country and delivery method.' },
  pickupPoint: { summary: 'Get a pickup point' },
  importPreview: { summary: 'Check an import file', description: 'Reads a CSV or xlsx file (base64 in `file`) and answers what an import of it would do, without creating anything.' },
  importStart: {
    summary: 'Import shipments from a file',
    description: 'Starts an import of a CSV or xlsx file (base64 in `file`); it runs in the background: follow it in the import list.',
  },
  importList: { summary: 'List imports', description: 'Your imports with their progress and results.' },
  importResult: {
    summary: 'Download an import’s result file',
    description: 'The uploaded rows with their status, item numbers and errors, in the upload’s format. 410 once the upload is no longer kept.',
    files: ['text/csv', XLSX],
  },
  track: {
    summary: 'Track a shipment',
    description: 'Public: anyone may track by tracking number. The owner (signed in) or a caller who also sends the destination postcode sees more (events with places).',
  },
  publicTracking: { summary: 'Public tracking page data', description: 'What the public tracking page shows for a tracking number.' },
  partnerEvents: {
    summary: 'Report parcel events (delivery partners)',
    description:
      'For delivery partners: what happened to a parcel after the hand-over. Each request is signed: `X-Partner-Key` (the key id), `X-Partner-Timestamp` (unix seconds, within ±300 s) and ' +
      '`X-Partner-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the key’s secret. A replayed signature answers 409; events are idempotent by `event_id`.',
  },
  partnerList: { summary: 'List delivery partners' },
  partnerUpdate: { summary: 'Update a delivery partner' },
  parcelStatusUpdate: { summary: 'Record depot scans', description: 'The depot’s scan page: moves parcels on by scan (the tablet’s queue resends until it has an answer).' },
  parcelStatusExport: { summary: 'Export parcels scanned in a period (xlsx)', files: [XLSX] },
  shipmentReport: {
    summary: 'Shipments report (xlsx)',
    description: 'The shipments created in a period as packages.xlsx. Open to every signed-in client for its own company; ADMIN for any.',
    files: [XLSX],
  },
  companyList: { summary: 'List companies' },
  companyCreate: { summary: 'Create a company' },
  companyDetail: { summary: 'Get a company' },
  companyUpdate: { summary: 'Update a company' },
  companyDelete: { summary: 'Delete a company', description: 'A company that ever shipped is never deleted (409).' },
  companyProductAdd: { summary: 'Allow a product in a country' },
  companyProductRemove: { summary: 'Withdraw a product in a country' },
  bankAccountSave: { summary: 'Add or update a bank account' },
  bankAccountUpdate: { summary: 'Update a bank account' },
  bankAccountDelete: { summary: 'Delete a bank account' },
  companyHistory: { summary: 'A company’s change history' },
  pickupAddressSave: { summary: 'Add or update a pickup address' },
  pickupAddressDelete: { summary: 'Remove a pickup address' },
  partnerAssign: { summary: 'Assign a preferred partner to a pickup address' },
  partnerUnassign: { summary: 'Remove a preferred partner of a pickup address' },
  partnerCandidates: { summary: 'Partners that serve a route' },
  partnerPriority: { summary: 'Set a partner’s priority' },
  clientRegister: { summary: 'Register a client', description: 'The generated secret is answered once and never stored in clear.' },
  clientUpdate: { summary: 'Update a client', description: 'Disabling or a role change ends the client’s sessions at once.' },
  clientResetSecret: { summary: 'Reset a client’s secret' },
  networkPartners: { summary: 'The delivery network' },
  partnerServices: { summary: 'A partner’s services' },
  partnerServicesUpdate: { summary: 'Replace a partner’s services' },
  partnerKeys: { summary: 'A partner’s feed keys' },
  partnerKeyCreate: { summary: 'Create a partner feed key', description: 'The secret is answered once.' },
  partnerKeyRevoke: { summary: 'Revoke a partner feed key' },
  pointDirectoryImport: { summary: 'Import a partner’s pickup-point list' },
  pointDirectoryImports: { summary: 'Pickup-point list imports' },
  pointFeeds: { summary: 'Pickup-point feeds' },
  pointFeedUpdate: { summary: 'Create or replace a partner’s pickup-point feed' },
  pointFeedDelete: { summary: 'Delete a partner’s pickup-point feed' },
  pointFeedRun: { summary: 'Fetch a pickup-point feed now' },
};

/** A create request as a shop sends it (checked against the contract by the reference's unit test). */
export const SHIPMENT_CREATE_EXAMPLE = {
  delivery_method: 'home_delivery',
  product: 'PRM',
  reference_number: 'ORDER-10045',
  receiver_name: 'Ján Novák',
  receiver_address_line_1: 'Obchodná',
  receiver_address_number: '12',
  receiver_city: 'Bratislava',
  receiver_postal_code: '81101',
  receiver_country: 'SK',
  receiver_phone: '+421 905 123 456',
  receiver_email: 'jan.novak@example.com',
  weight: 1.25,
  width: 30,
  height: 20,
  length: 10,
  content: 'Garden seeds',
  cod_amount: 24.9,
};

/** The answer to that request (checked against the contract by the reference's unit test). */
export const SHIPMENT_CREATED_EXAMPLE = {
  message: serverMessages.shipmentCreated.message,
  shipment: {
    item_number: 'CP100000048SK',
    tracking_number: 'CP100000048SK',
    reference_number: 'ORDER-10045',
    status: 'CREATED',
    created_at: '2026-11-24T09:15:02.118Z',
    tracking_status: 'created',
    tracking_status_at: '2026-11-24T09:15:02.118Z',
    updated_at: '2026-11-24T09:15:02.118Z',
    receiver_company_name: null,
    receiver_name: 'Ján Novák',
    receiver_address_line_1: 'Obchodná',
    receiver_address_number: '12',
    receiver_address_line_2: null,
    receiver_city: 'Bratislava',
    receiver_postal_code: '81101',
    receiver_country: 'SK',
    receiver_region: null,
    receiver_phone: '+421 905 123 456',
    receiver_email: 'jan.novak@example.com',
    receiver_vat_number: null,
    delivery_method: 'home_delivery',
    product: 'PRM',
    goods_type: 'GOODS',
    weight: 1.25,
    height: 20,
    width: 30,
    length: 10,
    quantity: null,
    hs_tariff_code: null,
    cod_amount: 24.9,
    insurance: null,
    content: 'Garden seeds',
    info: null,
    partner_name: 'SPS',
    label_sender_name: null,
    pickup_address_id: '4b8f9a5e-2c1d-4e7a-9f3b-6d2e1c0a8b7f',
    pickup_point_id: null,
    consignment_number: null,
    parcel_reference: null,
    fragile: false,
    unit_value: null,
    country_origin: null,
  },
};

/** A refused create: field errors under `errors` (message texts in the caller's Accept-Language). */
export const VALIDATION_ERROR_EXAMPLE = {
  message: messages.invalidRequest.message,
  error: 'validation_failed',
  errors: { receiver_postal_code: [shipmentMessages.zipRequired.message], weight: [messages.positiveNumber.message] },
};
