// The human part of the API reference (openapi.ts): a summary per endpoint of the table, a few
// longer descriptions, the media types of the file downloads and the examples. Everything else
// (paths, parameters, bodies, answers, security, errors) is generated from the endpoint table.
// Kept here on the server, not in the shared contract, so that the web app's bundles carry no
// documentation prose. An endpoint without an entry still appears, titled by its method and path.
import type { EndpointName } from '#shared/contract/endpoints.ts';
import type { ShipmentCreate } from '#shared/contract/shipments.ts';
import { WEBHOOK_TEST_EVENT, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_LOG_SIZE, WEBHOOK_URL_MAX } from '#shared/contract/webhooks.ts';
import type { WebhookMessageType } from '#shared/contract/webhook-events.ts';
import { TRACKING_STATUSES, type TrackingStatus } from '#shared/domain/tracking-events.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { DEFAULT_WEBHOOK_OPTIONS, PREVIOUS_SECRET_MS } from '#server/features/webhooks/public.ts';

export interface OperationText {
  summary: string;
  description?: string;
  /** Media types of a file answer (`answer: 'file'`); application/octet-stream when not given. */
  files?: readonly string[];
  /** What a query or path parameter means, by its name (its type and limits come from the schema). */
  parameters?: Readonly<Record<string, string>>;
}

/** A duration as people write it: 5 s, 2 min, 1 h, 24 h. */
export function duration(ms: number): string {
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < 3_600_000) return `${ms / 60_000} min`;
  return `${ms / 3_600_000} h`;
}

const W = DEFAULT_WEBHOOK_OPTIONS;
/** How deliveries are retried, in words (webhook-delivery.ts's defaults). */
export const WEBHOOK_RETRIES =
  `A 5xx, 408 or 429 answer, a timeout (${duration(W.timeoutMs)}) or a failed connection is retried after ${W.retryDelaysMs.map(duration).join(', ')} (then every ${duration(W.retryDelaysMs.at(-1)!)}), ` +
  `until ${duration(W.retryForMs)} after the event; then the delivery is given up (\`failed\` in the log). Any other answer but 2xx (3xx: redirects are not followed; 4xx) fails it at once. ` +
  'A **410 Gone turns the endpoint off** (`enabled: false`, its deliveries wait): `POST /api/v1/webhooks/{id}/test` turns it on again.';

/** Who may register a receiver where (the SSRF rule), in words. */
export const WEBHOOK_ADDRESS_RULE =
  `The receiver's \`url\` (at most ${WEBHOOK_URL_MAX} characters, no user name or password) must be a public **https** address: private, loopback, link-local, unique-local, documentation (TEST-NET) and carrier-grade NAT addresses, IPv6 forms embedding them (NAT64, 6to4, IPv4-compatible or -mapped) and the portal's own are refused — ` +
  'at registration (400, field code `url.invalid` for a non-https address, `url.private` for a private one) and again on every connection (the address the name resolves to then; such an attempt fails with `forbidden_address`, not retried). ' +
  'An installation for on-premise receivers may allow plain http and private addresses with the server setting `WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=1` (off by default).';

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
      'Creates one parcel (the single send form) in status CREATED with its item number (`PP…`) and S10 tracking number; the country and product rules of your contract apply (field errors otherwise). ' +
      'Retry a create that got no answer with the same `Idempotency-Key`: it never creates a second shipment.\n\n' +
      '**Checked in two rounds:** first the schema (400 `validation_failed`: missing fields, wrong types, lengths, weight and amount steps), then, once the request fits, the rules of the destination and of your contract (422 `validation_failed`: postal code and phone of the country, allowed country and product, sizes and weight of the product, pickup point, pickup address). A request refused with 400 may still meet a 422 once corrected.\n\n' +
      '**Normalised on the way in:** `receiver_postal_code` is stored in the country\'s format (`81101` → `811 01` for SK) and `receiver_phone` in E.164 (`0905 123 456` → `+421905123456`); `receiver_country` is upper-cased. The answer shows the stored values.\n\n' +
      '**Defaults:** without `product`, PRM where your contract allows it in that country, else TRC, else the contract\'s first product there; without `pickup_address_id`, the parcel leaves from the first (oldest) of your company\'s pickup addresses assigned to the calling account, else the company\'s first; `GET /api/v1/profile/pickup-addresses` lists them. `partner_name` is the delivery partner chosen for the route.',
  },
  wizardStore: {
    summary: 'Create a consignment (several parcels)',
    description: 'Creates one shipment per parcel of the payload, sharing a consignment number.',
  },
  shipmentList: {
    summary: 'List shipments',
    description: 'Your company’s shipments, newest first unless `order=oldest`, `take` at a time from `skip`, with the total `count` of the filter. Company, delivery-method and partner filters are for ADMIN. `tracking_status` filters by the delivery status (the latest tracking milestone).\n\n**Sync**: send `updated_since` (ISO 8601 with offset) to get the shipments changed since then, oldest change first, and `next_cursor`; send it back as `cursor` for the next page and, once a page is shorter than `take`, keep it for the next sync. Every change of a shipment (status, delivery status, deletion) brings it back; no change is skipped or answered twice while others write. Not with `skip` or `order`; `count` is what is left from the page’s start. In a query string a `+` means a space: send an offset such as `+01:00` as `%2B01:00` (or give the time in UTC with `Z`).',
    parameters: {
      skip: 'Rows to skip (paging by position; not with `updated_since`/`cursor`).',
      take: 'Rows per page.',
      company_id: 'ADMIN only: one company’s shipments.',
      country: 'Destination country (ISO 3166-1 alpha-2).',
      createdFrom: 'Created on or after this day: `yyyy-MM-dd`, a calendar day in Europe/Bratislava time (2000-01-01 to 2099-12-31).',
      createdTo: 'Created on or before this day (the whole day included): `yyyy-MM-dd`, Europe/Bratislava time.',
      reference_number: 'Your reference, exactly.',
      item_number: 'The item number, exactly.',
      tracking_number: 'The tracking number, exactly.',
      status: 'The portal status (see `Shipment.status`).',
      delivery_method: 'ADMIN only.',
      partner_id: 'ADMIN only: the delivery partner’s id.',
      order: '`newest` (default) or `oldest` first, by creation; not with `updated_since`/`cursor`.',
      tracking_status: 'The delivery status (see `Shipment.tracking_status`).',
      label_printed: '`false`: shipments whose label was never printed; `true`: those whose was (see `Shipment.label_printed_at`).',
      updated_since: 'Sync: shipments changed at or after this instant, ISO 8601 with `Z` or an offset (URL-encode `+` as `%2B`: `2026-11-24T10:00:00%2B01:00`).',
      cursor: 'Sync: the `next_cursor` of the previous page (opaque).',
    },
  },
  dimensions: { summary: 'Largest parcel dimensions', description: 'The largest height, width and length (cm) accepted for a country, product and delivery method.' },
  shipmentDetail: { summary: 'Get a shipment', description: 'One shipment by its item number.' },
  shipmentDelete: { summary: 'Cancel a shipment', description: 'Cancels a shipment that is still CREATED (status DELETED).' },
  shipmentBulkDelete: { summary: 'Cancel several shipments', description: 'Cancels the CREATED shipments among `item_numbers`.' },
  singleLabel: {
    summary: 'Get a shipment’s label',
    description:
      'The label file, base64-encoded in `shipment.label`; with `Accept: application/pdf` (or `text/plain` for ZPL) the file itself. ' +
      '`format` picks it: `pdf-a6` (default: an A6 page, for office printers), `pdf-a4` (the label in the first quarter of an A4 sheet), ' +
      '`pdf-100x150` (a 100×150 mm page, for thermal printers driven through a PDF driver), `zpl-203` or `zpl-300` (ZPL II for 203 or 300 dpi ' +
      'thermal printers on 100×150 mm or 4×6 in labels: send the file to the printer as is; it downloads its own font into the printer’s memory, ' +
      'so Central European names print whole). Every format prints the same content. Fetching a label counts it as printed.',
    parameters: { format: 'The file: `pdf-a6` (default), `pdf-a4`, `pdf-100x150`, `zpl-203`, `zpl-300`.' },
  },
  bulkLabels: { summary: 'Labels of several shipments (PDF)', description: 'One file of the labels in the order asked: by default a PDF with four A6 labels per A4 sheet, where `start` (1–4) skips the used quarters of a sheet. `format` picks another file (`pdf-a6`, `pdf-100x150`: one label a page; `zpl-203`, `zpl-300`: one ZPL label after another) and wins over `layout`. Instead of `item_numbers`, `not_printed: true` prints your waiting (`CREATED`) shipments whose label was never printed, oldest first, up to 1,000; two callers at once get different shipments; 400 when none wait. `manifest_id` instead prints the labels of a manifest’s shipments in its order (a hand-over’s parcels relabelled). Every label made counts as printed (`Shipment.label_printed_at`, `label_prints`).', files: ['application/pdf', 'text/plain'] },
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
    description:
      'Public: anyone may track by tracking number. The owner (signed in) or a caller who also sends the destination postcode sees more (events with places). ' +
      'A postcode that is not the shipment’s answers 404 like an unknown number; repeated wrong postcodes for one parcel answer 429.',
    parameters: {
      tracking_number: 'The S10 tracking number (`CP100000065SK`), any case.',
      destination_zip: 'Optional: the destination’s postal code (case, spaces and dashes do not matter). With it a caller who does not own the shipment sees its events too.',
      zip: 'The same as `destination_zip` (a short name for it); send one of the two.',
    },
  },
  publicTracking: {
    summary: 'Public tracking page data',
    description: 'What the public tracking page shows for a tracking number.',
    parameters: { zip: 'Optional: the destination’s postal code; with it (or signed in as the owner) the `full` view, else the `status` view.' },
  },
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
    description: 'The shipments created in a period as an xlsx workbook named after its period and company (packages_{day or from_to or month}_{company}.xlsx). Open to every signed-in client for its own company; ADMIN for any.',
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
  auditLog: {
    summary: 'The audit log',
    description:
      'Every recorded change, newest first, `take` at a time from `skip`, with the total `count` of the filter: admins’ changes, clients’ own profile, password and webhook changes, and the delivery network’s (partner keys, feeds, services, tracking pages), which are filed under no company. ' +
      'Each entry says who (`actor`, `actorLogin`; null: the server itself), when (`at`), which record (`entity`, `entityId`), the `action` and the changed fields `before` and `after` — never a secret or its hash.',
    parameters: {
      company: 'A company’s id: its entries only; `none`: the entries filed under no company (the delivery network).',
      actor: 'Part of the acting client’s name or sign-in name (case-insensitive).',
      entity: 'The kind of record changed.',
      action: '`create`, `update` or `delete`.',
      from: 'Recorded on or after this day: `yyyy-MM-dd`, a calendar day in Europe/Bratislava time.',
      to: 'Recorded on or before this day (the whole day included): `yyyy-MM-dd`, Europe/Bratislava time.',
      skip: 'Entries to skip (paging by position).',
      take: 'Entries per page.',
    },
  },
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
  webhookCreate: {
    summary: 'Register a webhook endpoint',
    description:
      `Registers a receiver (\`url\`) for the \`event_types\` it wants; at most ${WEBHOOK_ENDPOINTS_MAX} endpoints per company (409 \`conflict\` beyond). ` +
      'The answer (201) holds the signing `secret` (`whsec_…`) — **shown this once, never again**: store it; `rotate-secret` gives a new one. ' +
      'Every message is signed per [Standard Webhooks](https://www.standardwebhooks.com/) v1 with it (see "Webhooks" in the introduction and the `webhooks` section for each event’s payload).\n\n' +
      WEBHOOK_ADDRESS_RULE,
  },
  webhookList: {
    summary: 'List webhook endpoints',
    description: 'Your company’s endpoints (ADMIN: every company’s), oldest first, with `enabled`, `disabled_reason` and the deliveries still `pending`. Never the secret.',
  },
  webhookDelete: { summary: 'Delete a webhook endpoint', description: 'Removes the endpoint with its queued deliveries and its delivery log; nothing more is sent to it.' },
  webhookTest: {
    summary: 'Send a test event',
    description:
      `Queues a \`${WEBHOOK_TEST_EVENT}\` message (\`data\`: \`endpoint_id\`, \`company_id\`) to this endpoint only, whatever its event types (202, with the message's \`message_id\`: the webhook-id it is sent with). ` +
      'It shows in the delivery log once sent. An endpoint turned off by a 410 is turned on again by it.',
  },
  webhookDeliveries: {
    summary: 'The delivery log',
    description:
      `The endpoint's last ${WEBHOOK_LOG_SIZE} attempts, newest first: one entry per HTTP request (\`id\`), with the delivery it belongs to (\`delivery_id\`: one event to this endpoint, retried until delivered or given up; give it to \`resend\`), ` +
      'the receiver’s `status` or the `error` why there was none, how long it took, and the delivery’s current `state`.\n\n' +
      WEBHOOK_RETRIES,
  },
  webhookRotateSecret: {
    summary: 'Rotate the signing secret',
    description:
      `A new secret at once, in this answer only. For ${duration(PREVIOUS_SECRET_MS)} the previous secret keeps signing beside it (the webhook-signature header then carries two \`v1,…\` signatures, space-separated), so a receiver can switch without losing messages; ` +
      'only the immediately previous secret does: rotating again within that time ends the older one at once.',
  },
  webhookResend: {
    summary: 'Send a logged delivery again',
    description:
      'Queues the delivery `delivery_id` (from the delivery log) again: the same body and the same webhook-id, so a receiver that processed it already may skip it. It goes on its own, not in order with the shipment’s later events. Any delivery of the log, delivered or failed (202).',
  },
};

/**
 * Field descriptions of the shipment schemas (the answer `Shipment`, the create requests and the
 * webhook payloads), by field name: units, formats and meanings an integrator needs.
 */
export const TRACKING_STATUS_MEANINGS: Record<TrackingStatus, string> = {
  created: 'created (and perhaps in a closed hand-over), not yet at the carrier',
  handed_over: 'scanned at the carrier’s depot',
  in_transit: 'on its way with the delivery partner',
  out_for_delivery: 'with the courier for delivery today',
  ready_for_pickup: 'waiting at a pickup point or parcel locker',
  exception: 'a delivery attempt failed; the partner tries again or returns it',
  delivered: 'delivered',
  returned: 'returned to the sender',
  cancelled: 'cancelled (deleted before the hand-over)',
};

export const SHIPMENT_FIELD_NOTES: Readonly<Record<string, string>> = {
  item_number: 'The portal’s number of the shipment (`PP` and 10 digits): the key of every shipment call.',
  tracking_number: 'The S10 tracking number (`CP100000065SK`) printed on the label; what the recipient tracks with.',
  reference_number: 'Your own reference (an order number), up to 50 characters; the list filters by it exactly.',
  status:
    'The portal status, for the sender’s workflow: `CREATED` (editable, cancellable), `MANIFESTED` (in a closed hand-over), `ARRIVED` (scanned at the carrier’s depot), `SENT` (handed to the delivery partner), `DELETED` (cancelled). ' +
    'It never goes past `SENT`: where the parcel is after that is `tracking_status`. A closed list within v1.',
  tracking_status:
    'The delivery status: the latest tracking milestone from the portal’s, the depot’s and the delivery partner’s events. ' +
    TRACKING_STATUSES.map((status) => `\`${status}\`: ${TRACKING_STATUS_MEANINGS[status]}`).join('; ') +
    '. **An open list:** values may be added within v1; treat an unknown one as “in progress” and show `tracking_status_at`.',
  tracking_status_at: 'When the delivery status reached its current value (the event’s time), ISO 8601 UTC.',
  created_at: 'When the shipment was created, ISO 8601 UTC.',
  label_printed_at: 'When its label file was first made for a caller (`getLabel`, `labels`), ISO 8601 UTC; `null` while never printed. The list filters by it (`label_printed=false`), and `labels` with `not_printed: true` prints the waiting ones.',
  label_prints: 'How often its label file was made: reprints count.',
  updated_at: 'Moved by every change of the shipment (status, delivery status, an edit): the sync order of the list’s `updated_since`.',
  receiver_postal_code: 'Stored normalised to the destination country’s format (`81101` → `811 01` for SK); checked against the country (422 `postal_code.invalid`).',
  receiver_phone: 'Stored normalised to E.164 (`0905 123 456` → `+421905123456` for SK); checked against the country (422 `phone.invalid`).',
  receiver_country: 'ISO 3166-1 alpha-2, upper case.',
  weight: 'Kilograms, more than 0, at most 3 decimals (steps of 1 g); the product’s weight limit applies (422 `weight.too_heavy`).',
  height: 'Centimetres, more than 0 and at most 1000, at most 1 decimal; the product’s largest sizes apply (`GET /api/v1/shipments/dimensions`).',
  width: 'Centimetres, more than 0 and at most 1000, at most 1 decimal.',
  length: 'Centimetres, more than 0 and at most 1000, at most 1 decimal.',
  cod_amount:
    'Cash on delivery, in the destination country’s currency (EUR in the euro area, CZK for CZ, HUF for HU, PLN for PL, CHF, …: ISO 4217 of `receiver_country`), payable with its coins: cents, whole crowns in CZK, multiples of 5 in HUF, 0.05 in CHF (422 `amount.step` otherwise). Null: no cash on delivery.',
  insurance: 'Insured value, in the same currency and steps as `cod_amount`. Null: none.',
  pickup_address_id:
    'The pickup address the parcel leaves from (one of `GET /api/v1/profile/pickup-addresses`). Omitted in a create: the first (oldest) of your company’s pickup addresses assigned to the calling account, else the company’s first.',
  pickup_point_id: 'The parcel locker or pickup point (`GET /api/v1/pickup-points`); required for those delivery methods.',
  partner_name: 'The delivery partner that carries the parcel after the carrier’s depot (chosen for the route at creation).',
  consignment_number: 'The parcels of one consignment (`POST /api/v2/shipments/store`) share it: its first parcel’s item number. Null for single shipments.',
  previous_status: 'The `status` before this change.',
  previous_tracking_status: 'The `tracking_status` before this change.',
};

/** Field descriptions of the webhook schemas, by schema and field name. */
export const WEBHOOK_FIELD_NOTES: Readonly<Record<'Webhook' | 'WebhookAttempt' | 'Message' | 'ImportFinished', Readonly<Record<string, string>>>> = {
  Message: {
    type: 'The event type. **An open list:** an endpoint receives only the types it registered for (and `webhook.test`), but types may be added within v1.',
    timestamp: 'When the message was made: the time of the change it tells of, ISO 8601 UTC. The `webhook-timestamp` header is the attempt’s time instead.',
    data: 'The event’s payload.',
  },
  ImportFinished: {
    id: 'The import’s id (as in `GET /api/v1/shipments/import`).',
    filename: 'The uploaded file’s name.',
    type: '`csv` or `xlsx`.',
    status: '`COMPLETED` (rows may have failed: see `failed`) or `FAILED` (the file as a whole could not be read).',
    total_rows: 'Rows read from the file.',
    successful: 'Rows that became shipments.',
    failed: 'Rows refused (their errors are in the result file, `GET /api/v1/shipments/import/{id}`).',
    created_at: 'When the file was uploaded, ISO 8601 UTC.',
    finished_at: 'When the import finished, ISO 8601 UTC.',
  },
  Webhook: {
    id: 'The endpoint’s id.',
    url: 'The receiver’s address.',
    event_types: 'The event types it receives (and `webhook.test` when asked). **An open list:** types may be added within v1; an endpoint receives only those it registered for.',
    enabled: 'False once the receiver answered 410 Gone: nothing is sent until a test event turns it on again.',
    disabled_reason: 'Why the server turned it off, in the caller’s language; null while enabled.',
    created_at: 'ISO 8601 UTC.',
    pending: 'Deliveries waiting to be sent, retries included.',
    secret: 'The signing secret (`whsec_` and base64), in this answer only.',
  },
  WebhookAttempt: {
    id: 'The attempt’s id: one per HTTP request sent.',
    delivery_id: 'The delivery (one event to this endpoint, with all its attempts): `POST /api/v1/webhooks/{id}/deliveries/{delivery_id}/resend` sends it again.',
    at: 'When the attempt was made, ISO 8601 UTC.',
    event_type: 'The message’s `type`.',
    message_id: 'The webhook-id header: the same on every attempt of one event (and on a resend).',
    attempt: 'The attempt’s number within its delivery: 1, then 2 for the first retry, …',
    status: 'The receiver’s HTTP status; null when there was no answer (see `error`).',
    error:
      'Why there was no answer; null when the receiver answered. `timeout` (no answer in time), `refused` (connection refused), `dns` (the name was not found), `network` or a socket error code such as `ECONNRESET` — all retried; ' +
      '`forbidden_address` (the name led to a private or otherwise forbidden address), `http_only` (not https while private addresses are not allowed), `invalid_url` — not retried. An open list.',
    duration_ms: 'How long the attempt took, in milliseconds.',
    state: 'The delivery’s current state (not this attempt’s): `pending` (a retry is due), `delivered` or `failed` (given up).',
  },
};

/** What each webhook event tells, for the reference's `webhooks` section. */
export const WEBHOOK_EVENT_TEXTS: Readonly<Record<WebhookMessageType, { summary: string; description: string }>> = {
  'shipment.created': { summary: 'A shipment was created', description: 'Sent for every new shipment: the send form, the consignment form, an import’s rows, the API. `data` is the shipment as `GET /api/v1/shipments/{item_number}` answers it.' },
  'shipment.status_changed': {
    summary: 'A shipment’s status changed',
    description: 'The portal `status` moved (MANIFESTED, ARRIVED, SENT, DELETED). `data` is the shipment now, with `previous_status`.',
  },
  'shipment.tracking_updated': {
    summary: 'A shipment’s delivery status changed',
    description: '`tracking_status` or its time moved (a depot scan, a delivery partner’s event such as `out_for_delivery` or `delivered`). `data` is the shipment now, with `previous_tracking_status`.',
  },
  'shipment.deleted': {
    summary: 'A shipment was cancelled',
    description: 'A CREATED shipment was deleted (`status` DELETED). Sent after its `shipment.status_changed`; a `shipment.tracking_updated` to `cancelled` follows.',
  },
  'import.finished': {
    summary: 'An import finished',
    description: 'An import of a CSV or xlsx file finished: `COMPLETED` (rows may have failed: see `failed` and the result file) or `FAILED` (the file could not be read). Each imported shipment also sends its own `shipment.created`.',
  },
  [WEBHOOK_TEST_EVENT]: {
    summary: 'Test event',
    description: 'Sent by `POST /api/v1/webhooks/{id}/test` to that endpoint only, whatever its event types; nothing happened. Answer 2xx to pass.',
  },
};

/** A create request as a shop sends it (checked against the contract by the reference's unit test). */
export const SHIPMENT_CREATE_EXAMPLE: ShipmentCreate = {
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

/** The answer to that request (checked against the contract by the reference's unit test, and against the server's real answer by tests/api/client-sdk.test.ts). */
export const SHIPMENT_CREATED_EXAMPLE = {
  message: serverMessages.shipmentCreated.message,
  shipment: {
    item_number: 'PP0001000006',
    tracking_number: 'CP100000065SK',
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
    // Normalised: the country's postal code format and the phone number in E.164.
    receiver_postal_code: '811 01',
    receiver_country: 'SK',
    receiver_region: null,
    receiver_phone: '+421905123456',
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
    partner_name: 'Slovak Parcel Service',
    label_sender_name: null,
    pickup_address_id: '4b8f9a5e-2c1d-4e7a-9f3b-6d2e1c0a8b7f',
    pickup_point_id: null,
    consignment_number: null,
    parcel_reference: null,
    fragile: false,
    unit_value: null,
    country_origin: null,
    label_printed_at: null,
    label_prints: 0,
  },
};

/** A refused create: field errors under `errors` (message texts in the caller's Accept-Language). */
export const VALIDATION_ERROR_EXAMPLE = {
  message: messages.invalidRequest.message,
  error: 'validation_failed',
  errors: { receiver_postal_code: [shipmentMessages.zipRequired.message], weight: [messages.positiveNumber.message] },
};
