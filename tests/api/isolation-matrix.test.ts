// The isolation matrix: every endpoint of the table (src/shared/contract/endpoints.ts) × every
// kind of caller, against rows owned by company A. What each cell must answer is derived from the
// endpoint's own declaration — `access`, `permission` and `companyData` — never listed by hand:
// - no (valid) sign-in on a signed route: 401; a role the route is not for: 403;
// - a row of company A named by a caller who does not see A: exactly the answer for a row that
//   does not exist (status and body, the named id aside), and A's data unchanged;
// - the same row named by a caller who sees A (A's own roles, ADMIN): an answer that shows the
//   row was reached (it differs from the missing row's);
// - a public route: a stranger gets what an anonymous caller gets;
// - no answer to a caller who does not see A carries any of A's ids, numbers, names or addresses.
// Only the requests (what to send for each endpoint) are written here, one per endpoint (or per
// alternative of its body); a new endpoint without one is a type error and a failing test.
import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { composeIBAN } from 'ibantools';
import { SignJWT } from 'jose';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pathOf, type CompanyData, type CompanyRow, type EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS, type EndpointName } from '#shared/contract/endpoints.ts';
import type { Shipment } from '#shared/contract/shipments.ts';
import { PARTNERS, type Role } from '#shared/domain/enums.ts';
import { makeS10 } from '#shared/domain/s10.ts';
import { can } from '#shared/domain/roles.ts';
import { queryRows } from '#server/db/client.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, pointId, shipmentPayload, wizardPayload } from './shipments-fixtures.ts';

const SIGNING_KEY = 'isolation-matrix-signing-key-'.padEnd(48, 'x');

// ---------------------------------------------------------------------------------------------
// Callers, in the order each endpoint meets them: those that must not reach A's rows first, so
// that A's data can be compared before and after them.

const CALLERS = ['anonymous', 'expired', 'tampered', 'disabledA', 'userB', 'reporterA', 'officerA', 'userA', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];

interface Caller {
  token: string | null;
  /** Signed in with a token the server accepts. */
  valid: boolean;
  role: Role | null;
  company: 'A' | 'B' | 'carrier' | null;
}

// ---------------------------------------------------------------------------------------------
// What a request sends, given the ids of the rows it names (A's, or ids no row has).

type Ids = Record<CompanyRow, string>;
interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}
interface Variant {
  build: (ids: Ids) => Sample;
  /** Kinds of row the cell consumes (deletes, hands over): a new one of A's for every cell. */
  fresh?: readonly CompanyRow[];
}
const variant = (build: Variant['build'], fresh?: Variant['fresh']): Variant[] => [{ build, ...(fresh ? { fresh } : {}) }];

/** Ids that no row has, one per kind (valid in form, so that each reaches the lookup). */
const MISSING: Ids = {
  company: randomUUID(),
  client: randomUUID(),
  shipment: 'PP9999999999',
  trackingNumber: makeS10('CP', 99_999_999, 'SK'),
  import: randomUUID(),
  manifest: 'MF9999999999',
  pickupAddress: randomUUID(),
  bankAccount: randomUUID(),
  webhook: randomUUID(),
};

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava' }).format(new Date());
const base64 = (text: string) => Buffer.from(text).toString('base64');
const IMPORT_HEADER = [
  'receiver_name',
  'receiver_address_line_1',
  'receiver_city',
  'receiver_postal_code',
  'receiver_country',
  'receiver_phone',
  'receiver_email',
  'content',
  'weight',
  'width',
  'height',
  'length',
];
const importRow = (name: string) => [name, 'Hlavná 1', 'Žilina', '01001', 'SK', '0905123456', 'eva@example.com', 'Knihy', '1,5', '20', '20', '20'];
const importFile = (names: string[]) => base64(Papa.unparse([IMPORT_HEADER, ...names.map(importRow)], { delimiter: ';', newline: '\r\n' }));

let skLocker = '';
let companyAFields: Record<string, unknown> = {};

/** One entry per endpoint of the table: `satisfies` makes a missing one a type error. */
const REQUESTS = {
  token: variant(() => ({ body: { grant_type: 'refresh_token' } })),
  revoke: variant(() => ({})),
  appConfig: variant(() => ({})),
  profile: variant(() => ({})),
  // Refused by the schema: what matters is who gets past the access check, not a changed profile.
  profileUpdate: variant(() => ({ body: { name: '', email: 'not-an-email', phone: '' } })),
  changeSecret: variant(() => ({ body: { oldSecret: 'not-the-password', newSecret: 'Another-long-secret-42' } })),
  myPickupAddresses: variant(() => ({})),
  shipmentStore: variant((ids) => ({ body: shipmentPayload({ pickup_address_id: ids.pickupAddress, receiver_name: 'Matrix Receiver' }) })),
  wizardStore: variant((ids) => ({ body: wizardPayload(ids.pickupAddress) })),
  shipmentList: variant(() => ({ query: { take: 100 } })),
  dimensions: variant(() => ({ query: { country: 'SK', product: 'PRM' } })),
  shipmentDetail: variant((ids) => ({ params: { item_number: ids.shipment } })),
  shipmentDelete: variant((ids) => ({ params: { item_number: ids.shipment } }), ['shipment']),
  shipmentBulkDelete: variant((ids) => ({ body: { item_numbers: [ids.shipment] } }), ['shipment']),
  singleLabel: variant((ids) => ({ params: { item_number: ids.shipment } })),
  bulkLabels: [
    ...variant((ids) => ({ body: { layout: 'A4', item_numbers: [ids.shipment] } })),
    // A manifest's labels (issue 33): the hand-over's parcels relabelled.
    ...variant((ids) => ({ body: { format: 'zpl-203', manifest_id: ids.manifest } })),
  ],
  manifestGenerate: [
    { build: (ids) => ({ body: { importId: ids.import } }) },
    { build: (ids) => ({ body: { item_numbers: [ids.shipment] } }), fresh: ['shipment'] },
    { build: (ids) => ({ body: { pickup_address_id: ids.pickupAddress, partner_id: PARTNERS.SPS } }) },
  ],
  manifestList: variant(() => ({})),
  manifestDownload: variant((ids) => ({ params: { id: ids.manifest } })),
  pickupPointSearch: variant(() => ({ query: { country: 'SK', q: 'Bratislava' } })),
  pickupPoint: variant(() => ({ params: { id: skLocker } })),
  importPreview: variant(() => ({ body: { type: 'csv', filename: 'preview.csv', file: importFile(['Eva Preview']) } })),
  importStart: variant(() => ({ body: { type: 'csv', filename: 'matrix.csv', file: importFile(['Eva Matrix']) } })),
  importList: variant(() => ({})),
  importResult: variant((ids) => ({ params: { id: ids.import } })),
  track: variant((ids) => ({ query: { tracking_number: ids.trackingNumber } })),
  publicTracking: variant((ids) => ({ params: { tracking_number: ids.trackingNumber } })),
  partnerEvents: variant((ids) => ({
    body: { events: [{ event_id: 'matrix-1', tracking_number: ids.trackingNumber, code: 'IN_TRANSIT', occurred_at: new Date().toISOString() }] },
  })),
  partnerList: variant(() => ({})),
  partnerUpdate: variant(() => ({ params: { id: PARTNERS.SPS }, body: { tracking_url_template: 'not a page' } })),
  parcelStatusUpdate: variant((ids) => ({ body: { status: 'ARRIVED', parcels_id: [ids.trackingNumber] } })),
  parcelStatusExport: variant((ids) => ({ query: { dateFrom: today(), dateTo: today(), barcode: ids.trackingNumber } })),
  shipmentReport: variant((ids) => ({ body: { type: 'DAILY', from_date: today(), to_date: today(), company_id: ids.company } })),
  companyList: variant(() => ({})),
  companyCreate: variant(() => ({ body: {} })),
  companyDetail: variant((ids) => ({ params: { id: ids.company } })),
  companyUpdate: variant((ids) => ({ params: { id: ids.company }, body: companyAFields })),
  companyDelete: variant((ids) => ({ params: { id: ids.company } })),
  companyProductAdd: variant((ids) => ({ params: { id: ids.company }, query: { country: 'AT', product: 'PRM' } })),
  companyProductRemove: variant((ids) => ({ params: { id: ids.company }, query: { country: 'GB', product: 'TRC' } })),
  bankAccountSave: variant((ids) => ({ params: { companyId: ids.company }, body: { iban: iban(900), swift: 'COBADEFFXXX' } })),
  bankAccountUpdate: variant((ids) => ({ params: { companyId: ids.company, ibanId: ids.bankAccount }, body: { iban: iban(901), swift: 'COBADEFFXXX' } }), ['bankAccount']),
  bankAccountDelete: variant((ids) => ({ params: { companyId: ids.company, ibanId: ids.bankAccount } }), ['bankAccount']),
  companyHistory: variant((ids) => ({ params: { id: ids.company } })),
  auditLog: variant(() => ({})),
  setupStatus: variant(() => ({})),
  pickupAddressSave: variant((ids) => ({ params: { companyId: ids.company }, body: { pickupAddress: pickupAddressFields('Matrix Street 1') } })),
  pickupAddressDelete: variant((ids) => ({ params: { id: ids.pickupAddress } }), ['pickupAddress']),
  pickupAddressLabelPrinter: variant((ids) => ({ params: { id: ids.pickupAddress }, body: { labelPrinter: 'zpl-203' } })),
  companyLabelPrinter: variant((ids) => ({ params: { companyId: ids.company }, body: { labelPrinter: 'pdf-100x150' } })),
  partnerAssign: variant((ids) => ({ params: { id: ids.pickupAddress }, query: { country: 'PL', product: 'PRM', partner_id: PARTNERS.POSTONE } })),
  partnerUnassign: variant((ids) => ({ params: { id: ids.pickupAddress }, query: { country: 'PL', product: 'PRM' } })),
  partnerCandidates: variant((ids) => ({ query: { country: 'SK', product: 'PRM', pickup_address_id: ids.pickupAddress } })),
  partnerPriority: variant(() => ({ body: {} })),
  clientRegister: variant((ids) => ({ body: { client: { clientId: 'matrix-registered', name: 'Matrix Registered', email: 'registered@example.com' }, company: ids.company } })),
  clientUpdate: variant((ids) => ({ params: { id: ids.client }, body: { enabled: true, email: 'updated@example.com', name: 'Matrix Updated', role: 'USER' } }), ['client']),
  clientResetSecret: variant((ids) => ({ params: { id: ids.client } }), ['client']),
  networkPartners: variant(() => ({})),
  partnerServices: variant(() => ({ params: { id: PARTNERS.SPS } })),
  partnerServicesUpdate: variant(() => ({ params: { id: PARTNERS.SPS }, body: {} })),
  partnerKeys: variant(() => ({ params: { id: PARTNERS.SPS } })),
  partnerKeyCreate: variant(() => ({ params: { id: PARTNERS.SPS } })),
  partnerKeyRevoke: variant(() => ({ params: { id: PARTNERS.SPS, keyId: 'pk_matrix_missing' } })),
  pointDirectoryImport: variant(() => ({ body: {} })),
  pointDirectoryImports: variant(() => ({})),
  pointFeeds: variant(() => ({})),
  pointFeedUpdate: variant(() => ({ params: { id: PARTNERS.SPS }, body: {} })),
  pointFeedDelete: variant(() => ({ params: { id: PARTNERS.SPS } })),
  pointFeedRun: variant(() => ({ params: { id: PARTNERS.SPS } })),
  webhookCreate: variant(() => ({ body: { url: 'https://hooks.invalid/matrix', event_types: ['import.finished'] } })),
  webhookList: variant(() => ({})),
  webhookDelete: variant((ids) => ({ params: { id: ids.webhook } }), ['webhook']),
  webhookTest: variant((ids) => ({ params: { id: ids.webhook } })),
  webhookDeliveries: variant((ids) => ({ params: { id: ids.webhook } })),
  webhookRotateSecret: variant((ids) => ({ params: { id: ids.webhook } })),
  webhookResend: variant((ids) => ({ params: { id: ids.webhook, delivery_id: 1 } })),
} satisfies Record<EndpointName, Variant[]>;

/** Runs last: the upload's job goes on in the background after it answered. */
const LAST: readonly EndpointName[] = ['importStart'];

function iban(n: number): string {
  const value = composeIBAN({ countryCode: 'DE', bban: `37040044${String(n).padStart(10, '0')}` });
  if (!value) throw new Error('no IBAN');
  return value;
}

function pickupAddressFields(street: string) {
  return { contactPerson: 'Matrix Contact', street, zip: '010 01', city: 'Žilina', country: 'SK', email: 'pickup@example.com', phone: '+421415550199', pickupDays: 3 };
}

// ---------------------------------------------------------------------------------------------
// The expected answer of a cell, from the declaration alone.

type Expectation =
  /** 401 in the error shape: no valid sign-in. */
  | 'unauthenticated'
  /** 403: signed in, but the route is not for this role. */
  | 'forbidden'
  /** Exactly what the same request naming rows that do not exist answers. */
  | 'as-missing'
  /** Past the checks, and the answer shows the named rows were reached. */
  | 'reaches'
  /** Past the checks (no row named). */
  | 'allowed'
  /** Exactly what an anonymous caller gets (public routes). */
  | 'as-anonymous';

interface Cell {
  callerName: CallerName;
  caller: Caller;
  /** The ids the request names: A's (fresh ones where the request consumes its row). */
  ids: Ids;
  expectation: Expectation;
  /** Whether the cell may change company A's data. */
  changes: boolean;
}

function named(data: CompanyData) {
  return typeof data === 'object' ? data : null;
}

/** Whether the caller sees company A's rows through this endpoint. */
function seesA(endpoint: EndpointDefinition, caller: Caller): boolean {
  if (!caller.valid) return false;
  if (caller.company === 'A') return true;
  return caller.role === 'ADMIN' && named(endpoint.companyData)?.admin !== 'own';
}

function expectationOf(endpoint: EndpointDefinition, caller: Caller): Expectation {
  const names = named(endpoint.companyData);
  if (endpoint.access === 'partner') return 'unauthenticated';
  if (endpoint.access === 'public') return names && seesA(endpoint, caller) ? 'allowed' : 'as-anonymous';
  if (!caller.valid || !caller.role) return 'unauthenticated';
  if (endpoint.access === 'admin' && caller.role !== 'ADMIN') return 'forbidden';
  if (endpoint.permission && !can(caller.role, endpoint.permission)) return 'forbidden';
  if (!names) return 'allowed';
  return seesA(endpoint, caller) ? 'reaches' : 'as-missing';
}

/** Whether the cell may change company A's data (anything else must leave it as it was). */
function mayChangeA(endpoint: EndpointDefinition, caller: Caller, expectation: Expectation): boolean {
  return (expectation === 'reaches' || expectation === 'allowed') && seesA(endpoint, caller);
}

// ---------------------------------------------------------------------------------------------
// The world: companies A (Zelená Záhrada, demo-user) and B (Bohemia Books, demo-user-2) of the seed.

let t: TestApp;
const callers = {} as Record<CallerName, Caller>;
let A: Ids;
let companyB = '';
let cellCount = 0;
const tally: Record<Expectation, number> = { unauthenticated: 0, forbidden: 0, 'as-missing': 0, reaches: 0, allowed: 0, 'as-anonymous': 0 };

/**
 * The Idempotency-Key every cell of an endpoint sends to a create route. USER A used it first,
 * with the same requests (beforeAll): keys are per company, so nobody else may get A's stored
 * answer back. (A key is one request: another route with the same key answers 422.)
 */
const sharedKey = (name: EndpointName) => `isolation-matrix-${name}`;

async function call(endpoint: EndpointDefinition, sample: Sample, token: string | null, key?: string): Promise<LightMyRequestResponse> {
  const query = sample.query ? `?${new URLSearchParams(Object.entries(sample.query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  return t.app.inject({
    method: endpoint.method,
    url: pathOf(endpoint.path, sample.params) + query,
    headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}), ...(endpoint.idempotent && key ? { 'idempotency-key': key } : {}) },
    ...(sample.body === undefined ? {} : { payload: sample.body as Record<string, unknown> }),
  });
}

/** Waits until no import of company A is still running (their jobs change A's rows). */
async function importsOfAFinished() {
  await vi.waitFor(
    async () => {
      const [running] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from imports where company_id = ${A.company} and status = 'PROCESSING'`);
      expect(running?.n).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
}

async function expectCreated(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<Record<string, unknown>>();
}

async function adminCall(endpoint: EndpointDefinition, sample: Sample) {
  return expectCreated(await call(endpoint, sample, callers.admin.token));
}

/** A new row of company A of the given kind (for cells that consume theirs). */
async function freshRow(kind: CompanyRow): Promise<string> {
  switch (kind) {
    case 'shipment': {
      const res = await call(ENDPOINTS.shipmentStore, { body: shipmentPayload({ pickup_address_id: A.pickupAddress }) }, callers.userA.token);
      return ((await expectCreated(res)).shipment as Shipment).item_number;
    }
    case 'pickupAddress':
      return (await adminCall(ENDPOINTS.pickupAddressSave, { params: { companyId: A.company }, body: { pickupAddress: pickupAddressFields(`Fresh ${randomUUID().slice(0, 8)}`) } }))
        .id as string;
    case 'bankAccount':
      return (await adminCall(ENDPOINTS.bankAccountSave, { params: { companyId: A.company }, body: { iban: iban(++ibanSerial), swift: 'COBADEFFXXX' } })).id as string;
    case 'client': {
      const login = `matrix-fresh-${randomUUID().slice(0, 8)}`;
      const created = await adminCall(ENDPOINTS.clientRegister, { body: { client: { clientId: login, name: 'Fresh Client', email: `${login}@example.com` }, company: A.company } });
      return (created.client as { id: string }).id;
    }
    case 'webhook':
      return webhookOfA();
    default:
      throw new Error(`no fresh ${kind}`);
  }
}
let ibanSerial = 1000;

/** A webhook endpoint of company A, written directly (the API's limit per company would stop the cells' fresh ones). */
async function webhookOfA(): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into webhook_endpoints (company_id, url, event_types, secret) values (${A.company}, 'https://hooks.invalid/a', '{import.finished}', 'whsec_bWF0cml4LXNlY3JldC1tYXRyaXgtc2VjcmV0LW1hdHJpeA==') returning id::text`,
  );
  return row!.id;
}

/** What identifies a company or its rows, as it could appear in an answer. */
async function markersOf(company: string): Promise<string[]> {
  const rows = await queryRows<{ value: string | null }>(
    t.database.db,
    sql`select id::text as value from companies where id = ${company}
        union all select name from companies where id = ${company}
        union all select company_identification_number from companies where id = ${company}
        union all select item_number from shipments where company_id = ${company}
        union all select tracking_number from shipments where company_id = ${company}
        union all select receiver_name from shipments where company_id = ${company} and receiver_name like 'Isolation%'
        union all select id::text from imports where company_id = ${company}
        union all select filename from imports where company_id = ${company} and filename like 'isolation%'
        union all select id from manifests where company_id = ${company}
        union all select id::text from pickup_addresses where company_id = ${company}
        union all select street from pickup_addresses where company_id = ${company}
        union all select id::text from clients where company_id = ${company}
        union all select client_id from clients where company_id = ${company}
        union all select email from clients where company_id = ${company}
        union all select iban from bank_accounts where company_id = ${company}`,
  );
  return [...new Set(rows.map((r) => r.value).filter((v): v is string => !!v && v.length >= 6))];
}

/** A's markers, less those that are part of one of B's (`demo-user` is part of `demo-user-2`). */
async function markersOfA(): Promise<string[]> {
  const [a, b] = await Promise.all([markersOf(A.company), markersOf(companyB)]);
  return a.filter((marker) => !b.some((other) => other.includes(marker)));
}

/** Company A's rows as text: refused callers must leave it exactly as it was. */
async function snapshotOfA(): Promise<string> {
  const parts = await Promise.all([
    queryRows(t.database.db, sql`select * from companies where id = ${A.company}`),
    queryRows(t.database.db, sql`select * from clients where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select * from company_products where company_id = ${A.company} order by country, product`),
    queryRows(t.database.db, sql`select * from bank_accounts where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select * from pickup_addresses where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select c.* from pickup_address_clients c join pickup_addresses p on p.id = c.pickup_address_id where p.company_id = ${A.company} order by 1, 2`),
    queryRows(t.database.db, sql`select x.* from pickup_address_partners x join pickup_addresses p on p.id = x.pickup_address_id where p.company_id = ${A.company} order by x.id`),
    queryRows(t.database.db, sql`select * from shipments where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select e.id, e.status, e.source from shipment_events e join shipments s on s.id = e.shipment_id where s.company_id = ${A.company} order by e.id`),
    queryRows(t.database.db, sql`select * from manifests where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select * from imports where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select * from import_mappings where company_id = ${A.company} order by signature`),
    queryRows(t.database.db, sql`select count(*)::int as n from audit_log where company_id = ${A.company}`),
    queryRows(t.database.db, sql`select * from webhook_endpoints where company_id = ${A.company} order by id`),
    queryRows(t.database.db, sql`select d.id, d.state from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.company_id = ${A.company} order by d.id`),
  ]);
  return JSON.stringify(parts);
}

/** The answer's text (the members of a zip or xlsx unpacked), with the named ids replaced by their kind. */
function answerText(res: LightMyRequestResponse, ids: Ids): string {
  const type = String(res.headers['content-type'] ?? '');
  let text = res.body;
  if (type.includes('zip') || type.includes('spreadsheetml')) {
    text = Object.values(unzipSync(res.rawPayload))
      .map((bytes) => strFromU8(bytes))
      .join('\n');
  }
  for (const [kind, id] of Object.entries(ids)) text = text.replaceAll(id, `{${kind}}`);
  return text;
}

/** An answer reduced to what a caller learns from it. */
function learned(res: LightMyRequestResponse, ids: Ids) {
  return { status: res.statusCode, body: answerText(res, ids) };
}

/** The named fields of the declaration that this request fills with A's ids. */
function namedFieldsSent(sample: Sample, ids: Ids): string[] {
  const found: string[] = [];
  const holds = (value: unknown) => Object.values(ids).some((id) => value === id || (Array.isArray(value) && value.includes(id)));
  for (const part of ['params', 'query', 'body'] as const) {
    const values = (sample[part] ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries(values)) if (holds(value)) found.push(`${part}.${field}`);
  }
  return found;
}

function declaredFields(data: CompanyData): string[] {
  const names = named(data)?.names ?? {};
  return Object.entries(names).flatMap(([part, fields]) => Object.keys(fields ?? {}).map((field) => `${part}.${field}`));
}

async function forge(claims: { sub: string; cid: string; role: string }, expiresIn: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: claims.cid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('parcel-portal')
    .setIssuedAt(now - 1200)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(SIGNING_KEY));
}

/** The same token with one character of its signature changed. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
  return `${header}.${payload}.${flipped}`;
}

beforeAll(async () => {
  t = await createTestApp({ signingKey: SIGNING_KEY, jobs: true });
  const db = t.database.db;
  const [admin, userA, userB] = await Promise.all([
    signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret),
    signIn(t.app, DEMO.user.clientId, DEMO.user.secret),
    signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret),
  ]);
  callers.anonymous = { token: null, valid: false, role: null, company: null };
  callers.admin = { token: admin.token, valid: true, role: 'ADMIN', company: 'carrier' };
  callers.userA = { token: userA.token, valid: true, role: 'USER', company: 'A' };
  callers.userB = { token: userB.token, valid: true, role: 'USER', company: 'B' };

  const [rowA] = await queryRows<{ id: string; company_id: string }>(db, sql`select id::text, company_id::text from clients where client_id = ${DEMO.user.clientId}`);
  const [rowB] = await queryRows<{ company_id: string }>(db, sql`select company_id::text from clients where client_id = ${DEMO.user2.clientId}`);
  const companyA = rowA!.company_id;
  companyB = rowB!.company_id;
  expect(companyB).not.toBe(companyA);
  const [warehouse] = await queryRows<{ id: string }>(db, sql`select id::text from pickup_addresses where company_id = ${companyA} and street = 'Priemyselná 12'`);
  const [account] = await queryRows<{ id: string }>(db, sql`select id::text from bank_accounts where company_id = ${companyA}`);
  A = { ...MISSING, company: companyA, pickupAddress: warehouse!.id, bankAccount: account!.id };
  A.webhook = await webhookOfA();
  skLocker = await pointId(db, 'SK', 'parcel_locker');

  // A's other roles, registered as an admin does it; one more USER who is disabled after signing in.
  const register = async (login: string, role: Role) => {
    const created = await adminCall(ENDPOINTS.clientRegister, {
      body: { client: { clientId: login, name: `Matrix ${role}`, email: `${login}@example.com`, role }, company: companyA },
    });
    const id = (created.client as { id: string }).id;
    return { id, token: (await signIn(t.app, login, created.secret as string)).token };
  };
  const officer = await register('matrix-officer-a', 'OFFICER');
  const reporter = await register('matrix-reporter-a', 'REPORTER');
  const disabled = await register('matrix-disabled-a', 'USER');
  callers.officerA = { token: officer.token, valid: true, role: 'OFFICER', company: 'A' };
  callers.reporterA = { token: reporter.token, valid: true, role: 'REPORTER', company: 'A' };
  A.client = (await register('matrix-spare-a', 'USER')).id;
  await adminCall(ENDPOINTS.clientUpdate, { params: { id: disabled.id }, body: { enabled: false, email: 'matrix-disabled-a@example.com', name: 'Matrix USER', role: 'USER' } });
  // Its token is still within its 15 minutes: the server must refuse it all the same.
  callers.disabledA = { token: disabled.token, valid: false, role: 'USER', company: 'A' };
  callers.expired = { token: await forge({ sub: rowA!.id, cid: companyA, role: 'USER' }, -300), valid: false, role: 'USER', company: 'A' };
  callers.tampered = { token: tamper(userA.token), valid: false, role: 'USER', company: 'A' };

  // A's rows: shipments (one scanned at the depot), a finished import, a manifest.
  const store = async (token: string, overrides: Record<string, unknown> = {}) =>
    (await expectCreated(await call(ENDPOINTS.shipmentStore, { body: shipmentPayload({ receiver_name: 'Isolation Receiver A', ...overrides }) }, token))).shipment as Shipment;
  A.shipment = (await store(userA.token, { pickup_address_id: A.pickupAddress })).item_number;
  const scanned = await store(userA.token, { pickup_address_id: A.pickupAddress });
  A.trackingNumber = scanned.tracking_number!;
  await adminCall(ENDPOINTS.parcelStatusUpdate, { body: { status: 'ARRIVED', parcels_id: [A.trackingNumber] } });
  const handedOver = await store(userA.token);
  const manifest = await call(ENDPOINTS.manifestGenerate, { body: { item_numbers: [handedOver.item_number] } }, userA.token);
  expect(manifest.statusCode, manifest.body).toBe(200);
  const [manifestRow] = await queryRows<{ id: string }>(db, sql`select id from manifests where company_id = ${companyA}`);
  A.manifest = manifestRow!.id;
  const uploaded = await call(ENDPOINTS.importStart, { body: { type: 'csv', filename: 'isolation-a.csv', file: importFile(['Eva A1', 'Eva A2']) } }, userA.token, 'isolation-a');
  A.import = (await expectCreated(uploaded)).id as string;
  // USER A's own use of the shared Idempotency-Key, with the very requests of the matrix.
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointDefinition]>) {
    if (endpoint.idempotent) await call(endpoint, REQUESTS[name][0]!.build(A), userA.token, sharedKey(name));
  }
  await importsOfAFinished();
  const [record] = await queryRows<{ status: string }>(db, sql`select status from imports where id = ${A.import}`);
  expect(record?.status).toBe('COMPLETED');
  // B has rows of its own, so that its lists are not empty by accident.
  await store(userB.token, { receiver_name: 'Isolation Receiver B' });

  const detail = await adminCall(ENDPOINTS.companyDetail, { params: { id: companyA } });
  const fields = [
    'name',
    'street',
    'zip',
    'city',
    'country',
    'companyIdentificationNumber',
    'taxIdentificationNumber',
    'vatIdentificationNumber',
    'invoiceStreet',
    'invoiceCity',
    'invoiceZip',
    'invoiceCountry',
  ];
  companyAFields = Object.fromEntries(fields.map((f) => [f, detail[f]]));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------

const entries = Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointDefinition]>;
const ordered = [...entries.filter(([name]) => !LAST.includes(name)), ...entries.filter(([name]) => LAST.includes(name))];

describe('the isolation matrix', () => {
  it('has a request for every endpoint, naming exactly the fields its declaration names', () => {
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    for (const [name, endpoint] of entries) {
      const sent = new Set(REQUESTS[name].flatMap((v) => namedFieldsSent(v.build(A), A)));
      expect([...sent].sort(), name).toEqual(declaredFields(endpoint.companyData).sort());
    }
  });

  it.each(ordered)('%s: every caller gets what the declaration says', async (name, endpoint) => {
    const markers = await markersOfA();
    for (const [index, plan] of REQUESTS[name].entries()) {
      const label = `${name}${REQUESTS[name].length > 1 ? ` (variant ${index + 1})` : ''}`;
      // Every cell's request first (fresh rows are made here), so that the snapshot brackets only the cells.
      const cells: Cell[] = [];
      for (const callerName of CALLERS) {
        const caller = callers[callerName];
        const ids: Ids = { ...A };
        for (const kind of plan.fresh ?? []) ids[kind] = await freshRow(kind);
        const expectation = expectationOf(endpoint, caller);
        cells.push({ callerName, caller, ids, expectation, changes: mayChangeA(endpoint, caller, expectation) });
      }
      const answers = new Map<CallerName, ReturnType<typeof learned>>();
      const before = await snapshotOfA();
      const run = async (cell: Cell) => {
        const { callerName, caller, ids, expectation } = cell;
        const where = `${label} × ${callerName} (${expectation})`;
        const sample = plan.build(ids);
        const res = await call(endpoint, sample, caller.token, sharedKey(name));
        const answer = learned(res, ids);
        answers.set(callerName, answer);
        cellCount += 1;
        tally[expectation] += 1;
        expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        switch (expectation) {
          case 'unauthenticated':
            expect(res.statusCode, where).toBe(401);
            expect(res.json(), where).toMatchObject({ error: 'unauthorized' });
            break;
          case 'forbidden':
            expect(res.statusCode, where).toBe(403);
            expect(res.json(), where).toMatchObject({ error: 'forbidden' });
            break;
          case 'as-missing':
          case 'reaches': {
            // A key of its own: the missing request must not meet the stored answer of the other one.
            const missing = learned(await call(endpoint, plan.build(MISSING), caller.token, `missing-${randomUUID()}`), MISSING);
            if (expectation === 'as-missing') expect(answer, `${where}: another company's row must answer as a missing one`).toEqual(missing);
            else {
              expect([401, 403], `${where}: ${res.body.slice(0, 300)}`).not.toContain(res.statusCode);
              expect(answer, `${where}: the row was not reached`).not.toEqual(missing);
            }
            break;
          }
          case 'allowed':
            expect([401, 403], `${where}: ${res.body.slice(0, 300)}`).not.toContain(res.statusCode);
            break;
          case 'as-anonymous':
            expect(answer, where).toEqual(answers.get('anonymous'));
            break;
        }
        if (!seesA(endpoint, caller)) {
          // Nothing of A's beyond the ids the caller sent itself (replaced in `answer`).
          const leaked = markers.filter((marker) => answer.body.includes(marker));
          expect(leaked, `${where} tells of company A`).toEqual([]);
        }
      };
      for (const cell of cells.filter((c) => !c.changes)) await run(cell);
      expect(await snapshotOfA(), `${label}: callers who do not reach company A changed its data`).toBe(before);
      for (const cell of cells.filter((c) => c.changes)) await run(cell);
      // Reference data is the same for every company.
      if (endpoint.companyData === 'none' && endpoint.access === 'client') {
        const allowed = cells.filter((c) => c.expectation === 'allowed').map((c) => answers.get(c.callerName));
        for (const answer of allowed) expect(answer, label).toEqual(allowed[0]);
      }
    }
  });

  it(`counts its cells`, () => {
    console.log(`isolation matrix: ${ordered.length} endpoints × ${CALLERS.length} callers = ${cellCount} cells`, tally);
    expect(cellCount).toBeGreaterThanOrEqual(500);
  });
});
