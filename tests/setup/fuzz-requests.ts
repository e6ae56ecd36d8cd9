// The API fuzzer's requests (tests/api/fuzz.test.ts): hostile values, plausible values for each
// route's schemas (zod-arbitrary.ts) with what the database holds, one hostile part per request,
// and the check of an answer. Kept apart from the test so that a profiling script can use them.
import fc from 'fast-check';
import { eq, ne } from 'drizzle-orm';
import * as z from 'zod/mini';
import { pathOf, type EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS } from '#shared/contract/endpoints.ts';
import { errorBodySchema, fieldErrorCodeSchema, type ApiErrorCode } from '#shared/contract/errors.ts';
import { bankAccounts, clients, imports, manifests, partners, pickupAddresses, pickupPoints, shipments } from '#server/db/schema.ts';
import { DEMO_PARTNER_KEY } from '#server/db/seed-demo.ts';
import { signPartnerRequest } from '#server/features/tracking/partner-signature.ts';
import { shipmentPayload, wizardPayload } from '../api/shipments-fixtures.ts';
import { DEMO, type TestApp } from './test-app.ts';
import { objectKeys, validish, type Hints } from './zod-arbitrary.ts';

/** Every `error` code the API answers (a Record so that the list cannot miss one). */
const API_CODES: Record<ApiErrorCode, true> = {
  invalid_request: true,
  invalid_client: true,
  invalid_grant: true,
  unsupported_grant_type: true,
  validation_failed: true,
  malformed_body: true,
  body_too_large: true,
  unsupported_media_type: true,
  unauthorized: true,
  forbidden: true,
  not_found: true,
  too_many_requests: true,
  conflict: true,
  gone: true,
  unavailable: true,
  internal_error: true,
};
const strictErrorBody = z.strictObject({
  message: z.string().check(z.regex(/\S/)),
  error: z.enum(Object.keys(API_CODES) as [ApiErrorCode, ...ApiErrorCode[]]),
  errors: z.optional(z.record(z.string(), z.array(z.string().check(z.regex(/\S/))))),
  // Only documented codes, one per field message.
  codes: z.optional(z.record(z.string(), z.array(fieldErrorCodeSchema))),
});

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Characters the database refuses or that corrupt what people read: the ones that failed before. */
const CONTROLS = ['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u009f', '\ud800', '\udbff', '\udc00', '\u202e', '\u2066', '\t', '\n'] as const;

/** Characters a database, a terminal, a PDF or a reader's eye may take badly. */
const SPECIALS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009b',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\ud83d\ude00',
  '\u202e',
  '\u2066',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\ufffd',
  'e\u0301\u0301\u0301',
  "' OR 1=1 --",
  '"; drop table shipments; --',
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '1e309',
  'NaN',
  '-0',
  '٣',
  ' ',
  '',
] as const;

const hostileText: fc.Arbitrary<string> = fc.oneof(
  // NUL first: the database refuses it, so it finds an unguarded field at once.
  { arbitrary: fc.constantFrom('\u0000', 'a\u0000', '\u0000b', 'RR\u0000123'), weight: 5 },
  { arbitrary: fc.tuple(fc.stringMatching(/^[A-Za-z0-9]{0,6}$/), fc.constantFrom(...CONTROLS), fc.stringMatching(/^[A-Za-z0-9]{0,6}$/)).map(([a, s, b]) => a + s + b), weight: 6 },
  { arbitrary: fc.tuple(fc.stringMatching(/^[A-Za-z0-9]{0,6}$/), fc.constantFrom(...SPECIALS), fc.stringMatching(/^[A-Za-z0-9]{0,6}$/)).map(([a, s, b]) => a + s + b), weight: 6 },
  { arbitrary: fc.constantFrom('x', '\u00e1', '\u0000', '\ud800', '9').map((c) => c.repeat(10_000)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
);

const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(null, true, false, [], [null], {}, { $ne: '' }, [[[[[]]]]], '', '0', 'true');

/** Numbers at and beyond every bound a column or a check has. */
const outOfRange: fc.Arbitrary<unknown> = fc.constantFrom(
  0,
  -1,
  1.5,
  -0.000001,
  0.0001,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MIN_VALUE,
  '1e309',
  '-0',
  '0x10',
);

/** Days and instants a Date reads but the database (or the calendar) does not. */
const oddDates: fc.Arbitrary<unknown> = fc.constantFrom(
  '2025-02-30',
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '9999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '-000001-01-01T00:00:00Z',
  '2025-01-01T25:61:00Z',
  '2025-13-01',
  '2025-1-1',
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: wrongType, weight: 1 },
  { arbitrary: outOfRange, weight: 1 },
  { arbitrary: oddDates, weight: 1 },
);

/**
 * A replacement for a value, chosen by what the value is: mostly an odd date for a day or an
 * instant, an out-of-range number for a number, hostile text for text; any of them otherwise.
 */
interface Replacement {
  forDate: unknown;
  forNumber: unknown;
  forText: unknown;
  any: unknown;
  /** 0-9: below 7 the kind's own replacement is used. */
  pick: number;
}
const replacement: fc.Arbitrary<Replacement> = fc.record({
  forDate: oddDates,
  forNumber: outOfRange,
  forText: hostileText,
  any: hostileValue,
  pick: fc.integer({ min: 0, max: 9 }),
});

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
const DATE_NAME = /date|day|from$|to$|_at$/i;
function replace(original: unknown, name: string, r: Replacement): unknown {
  if (r.pick >= 7) return r.any;
  if ((typeof original === 'string' && DATE_LIKE.test(original)) || (original === undefined && DATE_NAME.test(name))) return r.forDate;
  if (typeof original === 'number') return r.forNumber;
  if (typeof original === 'string') return r.forText;
  return r.any;
}

/** A path segment or query part as percent-encoding; lone surrogates as their (invalid) UTF-8 bytes. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** Raw query text a browser would never write. */
const rawQuery = fc.constantFrom(
  '%',
  '%G0=1',
  'a=%E9',
  'a=%ED%A0%80',
  'a=%C0%80',
  'a=%00',
  '%00=%00',
  '=',
  '&&&',
  'a',
  'a[b]=1',
  'a.b=1',
  '__proto__=1',
  'constructor[prototype][x]=1',
  'skip=-1',
  'take=100000000',
  'skip=1e309',
  'take=0x10',
  `q=${'x'.repeat(10_000)}`,
  `${'a='.repeat(2000)}1`,
);

/** Bodies that are not what any route expects. */
type RawBody = { contentType?: string; text: string };
const rawBodyText = fc.constantFrom<RawBody>(
  { contentType: 'application/json', text: '' },
  { contentType: 'application/json', text: '{' },
  { contentType: 'application/json', text: 'null' },
  { contentType: 'application/json', text: '"text"' },
  { contentType: 'application/json', text: '12' },
  { contentType: 'application/json', text: '[]' },
  { contentType: 'application/json', text: '{"a":1,"a":2,"a":{"a":[]}}' },
  { contentType: 'application/json', text: '{"__proto__":{"admin":true}}' },
  { contentType: 'application/json', text: '{"constructor":{"prototype":{"admin":true}}}' },
  { contentType: 'application/json', text: '{"a":"\\ud800"}' },
  { contentType: 'application/json', text: '{"a":"\\u0000"}' },
  { contentType: 'application/json', text: '{"\\u0000":"a"}' },
  { contentType: 'application/json', text: '\ufeff{}' },
  { contentType: 'application/json', text: '{"a":1e999999}' },
  { contentType: 'application/json; charset=utf-16', text: '{}' },
  { contentType: 'application/json; charset=latin1', text: '{}' },
  { contentType: 'application/json', text: '\u0000' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&a=2&%00=%00&b=%ZZ' },
  { contentType: 'application/x-www-form-urlencoded', text: '{"json":"in a form"}' },
  { contentType: 'multipart/form-data; boundary=x', text: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.csv"\r\n\r\nx\r\n--x--' },
  { contentType: 'multipart/form-data', text: 'x' },
  { contentType: 'text/plain', text: 'hello' },
  { contentType: 'application/xml', text: '<a/>' },
  { contentType: 'application/octet-stream', text: '\u0000\u0001' },
  { contentType: '', text: '{}' },
  { contentType: 'application/json\u0000', text: '{}' },
  { contentType: 'application/vnd.api+json', text: '{}' },
  { contentType: '*/*', text: '{}' },
  { contentType: 'application/json', text: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}` },
);
const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  { arbitrary: rawBodyText, weight: 8 },
  { arbitrary: fc.integer({ min: 100, max: 100_000 }).map((depth) => ({ contentType: 'application/json', text: `${'['.repeat(depth)}${']'.repeat(depth)}` })), weight: 1 },
  { arbitrary: fc.integer({ min: 100, max: 20_000 }).map((depth) => ({ contentType: 'application/json', text: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` })), weight: 1 },
  {
    arbitrary: fc
      .integer({ min: 1000, max: 100_000 })
      .map((n) => ({ contentType: 'application/json', text: JSON.stringify({ item_numbers: Array.from({ length: n }, (_, i) => `X${i}`) }) })),
    weight: 1,
  },
  {
    arbitrary: fc.integer({ min: 1000, max: 50_000 }).map((n) => ({ contentType: 'application/json', text: `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}` })),
    weight: 1,
  },
);

/** Headers a client may send, hostile ones included (latin-1: what HTTP can carry). */
const hostileHeaderValue = fc.oneof(
  fc.constantFrom('', ' ', '\t', 'x'.repeat(8000), '\u0000', 'a\u0001b', '\u007f', '\u00ff\u0080', '%00', 'null', '*', ';;;', 'en;q=abc, sk;q=-1'),
  fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
);
const HEADER_NAMES = [
  'authorization',
  'accept-language',
  'idempotency-key',
  'content-type',
  'cookie',
  'origin',
  'referer',
  'sec-fetch-site',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-partner-key',
  'x-partner-timestamp',
  'x-partner-signature',
  'content-encoding',
  'accept',
  'accept-encoding',
  'range',
  'if-none-match',
] as const;

// ---------------------------------------------------------------------------------------------
// What is known about the database: values that make a request reach a handler's query.

export interface Pools {
  uuids: string[];
  itemNumbers: string[];
  trackingNumbers: string[];
  manifestIds: string[];
  pointIds: string[];
  partnerIds: number[];
  postalCodes: string[];
  /** A pickup address of the signed-in USER's company (the wizard's example body). */
  userPickupAddressId: string;
}

const dayArbitrary = fc.integer({ min: 0, max: 400 }).map((back) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10));

function csvBase64(cell: string) {
  const header =
    'receiver_name;receiver_address_line_1;receiver_city;receiver_postal_code;receiver_country;receiver_phone;receiver_email;content;weight;width;height;length;pickup_point_id;reference_number';
  const row = `${cell};Hlavná 1;Bratislava;81101;SK;+421900123456;a@b.sk;Books;1;10;10;10;${cell};${cell}`;
  return Buffer.from(`${header}\n${row}\n`, 'utf8').toString('base64');
}
function directoryBase64(cell: string) {
  const rows = [
    'id;name;type;street;city;zip;country;latitude;longitude;opening_hours',
    `PT10001;${cell};PT;${cell};Bratislava;81101;SK;48.1;17.1;mon=08:00-18:00`,
    `PT10002;Name;PT;Street;${cell};81101;SK;48.1;17.1;${cell}`,
  ];
  return Buffer.from(rows.join('\n'), 'utf8').toString('base64');
}
/** The same as JSON: its escapes carry what a UTF-8 file cannot (NUL, lone surrogates). */
function directoryJsonBase64(cell: string) {
  const point = (id: string, name: string, city: string) => ({
    id,
    name,
    type: 'PT',
    street: cell,
    city,
    zip: '81101',
    country: 'SK',
    latitude: 48.1,
    longitude: 17.1,
    opening_hours: { mon: '08:00-18:00' },
  });
  return Buffer.from(JSON.stringify([point('PT10001', cell, 'Bratislava'), point('PT10002', 'Name', cell)]), 'utf8').toString('base64');
}
const cellText = fc.oneof(
  { arbitrary: fc.constantFrom('Ján Novák', 'Ulica 1'), weight: 2 },
  { arbitrary: hostileText.filter((s) => !/[;\n\r"]/.test(s) && s.length < 2000), weight: 3 },
);

function hintsFor(pools: Pools): Hints {
  const uuid = fc.oneof({ arbitrary: fc.constantFrom(...pools.uuids), weight: 4 }, { arbitrary: fc.uuid({ version: 4 }), weight: 1 });
  return (field, def) => {
    // Wrappers and arrays pass the field's name on to what they hold.
    if (['array', 'optional', 'nullable', 'default', 'pipe'].includes(def.type)) return undefined;
    const name = field.toLowerCase();
    if (name === 'item_number' || name === 'item_numbers') return fc.constantFrom(...pools.itemNumbers);
    if (name === 'tracking_number' || name === 'tracking_numbers' || name === 'parcels_id' || name === 'barcode') return fc.constantFrom(...pools.trackingNumbers);
    if (
      def.type === 'string' &&
      (def.format === 'uuid' || /(^|_)id$|companyid|ibanid|pickupaddressid|company_id/.test(name)) &&
      !/client_id|event_id|pickup_point_id|keyid/.test(name)
    ) {
      if (name === 'id' && def.format !== 'uuid' && (def.checks ?? []).some((c) => c._zod.def.format === 'regex')) return fc.constantFrom(...pools.manifestIds, 'MF0000000000');
      if (name === 'id' && def.format !== 'uuid') return fc.constantFrom(...pools.pointIds, ...pools.manifestIds);
      return uuid;
    }
    if (name === 'id' || name === 'partner_id') return fc.constantFrom(...pools.partnerIds);
    if (name === 'pickup_point_id') return fc.constantFrom(...pools.pointIds);
    if (name === 'keyid') return fc.constantFrom('pk_nothing_here', 'pk_demo_missing');
    if (/(date|from|to|day)$|^created/.test(name) && def.type === 'string') return dayArbitrary;
    if (name.endsWith('country') || name === 'countries') return fc.constantFrom('SK', 'CZ', 'HU', 'DE', 'AT', 'PL');
    if (name === 'iban') return fc.constantFrom('SK3112000000198742637541', 'CZ6508000000192000145399');
    if (name === 'swift') return fc.constantFrom('TATRSKBX', 'GIBACZPX');
    if (name === 'tracking_url_template') return fc.constantFrom('https://track.example.com/{tracking_number}');
    if (name === 'url') return fc.constantFrom('https://points.example.com/feed.json');
    if (name.includes('postal_code') || name === 'zip' || name === 'destination_zip') return fc.constantFrom(...pools.postalCodes, '81101');
    if (name.includes('phone')) return fc.constantFrom('+421900123456');
    if (name === 'client_id') return fc.constantFrom('demo-nobody', DEMO.user2.clientId, 'x');
    if (name === 'client_secret') return fc.constantFrom(DEMO.user2.secret, 'wrong-secret');
    if (name === 'grant_type') return fc.constantFrom('client_credentials', 'refresh_token');
    if (name === 'filename') return fc.constantFrom('shipments.csv', 'points.csv');
    if (name === 'type' && def.type === 'enum' && Object.values(def.entries ?? {}).includes('csv')) return fc.constant('csv');
    if (name === 'format') return fc.constantFrom('csv', 'json');
    if (name === 'file') return fc.oneof(cellText.map(csvBase64), cellText.map(directoryBase64), cellText.map(directoryJsonBase64));
    return undefined;
  };
}

export async function loadPools(t: TestApp): Promise<Pools> {
  const { db } = t.database;
  // Ids of the second demo company (Bohemia) and of the pickup addresses of companies other than
  // the USER's: the fuzzer may change or delete them without taking away what its own accounts use.
  const [bohemia] = await db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user2.clientId));
  const companyId = bohemia!.companyId;
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
  const shipmentRows = await db.select({ itemNumber: shipments.itemNumber, trackingNumber: shipments.trackingNumber, postalCode: shipments.receiverPostalCode }).from(shipments);
  const [user] = await db.select({ companyId: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  const [userAddress] = await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.companyId, user!.companyId));
  return {
    uuids: [
      companyId,
      ...ids(await db.select({ id: clients.id }).from(clients).where(eq(clients.companyId, companyId))),
      ...ids(await db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(ne(pickupAddresses.companyId, user!.companyId))),
      ...ids(await db.select({ id: bankAccounts.id }).from(bankAccounts)),
      ...ids(await db.select({ id: imports.id }).from(imports)),
    ],
    itemNumbers: shipmentRows.map((r) => r.itemNumber),
    trackingNumbers: shipmentRows.flatMap((r) => (r.trackingNumber ? [r.trackingNumber] : [])),
    manifestIds: ids(await db.select({ id: manifests.id }).from(manifests)),
    pointIds: ids(await db.select({ id: pickupPoints.id }).from(pickupPoints).limit(20)),
    partnerIds: [...(await db.select({ id: partners.id }).from(partners)).map((r) => r.id), 999],
    postalCodes: [...new Set(shipmentRows.map((r) => r.postalCode))],
    userPickupAddressId: userAddress!.id,
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

export type Caller = 'anonymous' | 'user' | 'admin' | 'forged' | 'partner';
type Mutation =
  | { kind: 'none' }
  | { kind: 'param'; index: number; value: string; raw?: string }
  | { kind: 'query'; index: number; value: Replacement }
  | { kind: 'rawQuery'; text: string }
  | { kind: 'body'; index: number; value: Replacement }
  | { kind: 'rawBody'; body: RawBody }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'bearer'; form: BearerForm };

/** Ways to present the caller's own token wrongly. */
const BEARER_FORMS = ['trailing junk', 'lower-case scheme', 'no scheme', 'two tokens', 'unsigned', 'payload only', 'basic'] as const;
type BearerForm = (typeof BEARER_FORMS)[number];

function bearerHeader(token: string, form: BearerForm): string {
  const [head = '', payload = ''] = token.split('.');
  switch (form) {
    case 'trailing junk':
      return `Bearer ${token} trailing-junk`;
    case 'lower-case scheme':
      return `bearer ${token}`;
    case 'no scheme':
      return token;
    case 'two tokens':
      return `Bearer ${token}, Bearer ${token}`;
    case 'unsigned':
      return `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    case 'payload only':
      return `Bearer ${head}.${payload}`;
    case 'basic':
      return `Basic ${Buffer.from('demo-user:demo-user-secret').toString('base64')}`;
  }
}

export interface Recipe {
  name: string;
  caller: Caller;
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  body: unknown;
  mutation: Mutation;
  address: number;
}

export const ROUTES = Object.entries(ENDPOINTS) as Array<[string, EndpointDefinition]>;

/**
 * Routes whose valid requests cost tens of milliseconds (a secret hashed, a PDF or a workbook
 * drawn, a file read): asked a quarter as often, so that the run stays well under a minute.
 */
const COSTLY = new Set([
  'token',
  'changeSecret',
  'clientRegister',
  'clientResetSecret',
  'singleLabel',
  'bulkLabels',
  'manifestGenerate',
  'manifestDownload',
  'importPreview',
  'importStart',
  'shipmentReport',
  'parcelStatusExport',
  'pointDirectoryImport',
]);

function callerFor(endpoint: EndpointDefinition): fc.Arbitrary<Caller> {
  const others = [
    { arbitrary: fc.constant<Caller>('anonymous'), weight: 1 },
    { arbitrary: fc.constant<Caller>('forged'), weight: 1 },
  ];
  switch (endpoint.access) {
    case 'public':
      return fc.oneof(
        { arbitrary: fc.constant<Caller>('anonymous'), weight: 4 },
        { arbitrary: fc.constant<Caller>('user'), weight: 2 },
        { arbitrary: fc.constant<Caller>('admin'), weight: 1 },
      );
    case 'partner':
      return fc.oneof({ arbitrary: fc.constant<Caller>('partner'), weight: 8 }, ...others);
    case 'admin':
      return fc.oneof({ arbitrary: fc.constant<Caller>('admin'), weight: 8 }, { arbitrary: fc.constant<Caller>('user'), weight: 1 }, ...others);
    default:
      return fc.oneof({ arbitrary: fc.constant<Caller>('user'), weight: 5 }, { arbitrary: fc.constant<Caller>('admin'), weight: 3 }, ...others);
  }
}

/** The leaves (and containers) of a JSON value, as paths. */
function pathsOf(value: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}
function valueAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined), value);
}
function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/**
 * Built from the schema; for the creation routes, whose country and product rules a generated
 * body seldom meets, also the tests' known-good body, so that a hostile field of it reaches the
 * handler and the database.
 */
function bodyFor(name: string, schema: unknown, hints: Hints, pools: Pools): fc.Arbitrary<unknown> {
  const examples: Record<string, unknown> = { shipmentStore: shipmentPayload(), wizardStore: wizardPayload(pools.userPickupAddressId) };
  const generated = validish(schema, hints);
  return name in examples ? fc.oneof(generated, fc.constant(examples[name])) : generated;
}

export function recipeFor(pools: Pools): fc.Arbitrary<Recipe> {
  const hints = hintsFor(pools);
  const perRoute = ROUTES.map(([name, endpoint]) => {
    const mutations: Array<fc.WeightedArbitrary<Mutation>> = [
      { arbitrary: fc.constant<Mutation>({ kind: 'none' }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('header' as const), name: fc.constantFrom(...HEADER_NAMES), value: hostileHeaderValue }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('rawQuery' as const), text: rawQuery }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('bearer' as const), form: fc.constantFrom(...BEARER_FORMS) }), weight: 1 },
    ];
    if (endpoint.params) {
      mutations.push({
        arbitrary: fc.record({
          kind: fc.constant('param' as const),
          index: fc.nat(),
          value: hostileText,
          raw: fc.option(fc.constantFrom('%', '%ZZ', '%E9', '%ED%A0%80', '%C0%80', '%2F', '%2e%2e', '..', 'x'.repeat(500)), { nil: undefined }),
        }),
        weight: 4,
      });
    }
    if (endpoint.query) mutations.push({ arbitrary: fc.record({ kind: fc.constant('query' as const), index: fc.nat(), value: replacement }), weight: 4 });
    if (endpoint.method !== 'GET') {
      mutations.push({ arbitrary: fc.record({ kind: fc.constant('rawBody' as const), body: rawBody }), weight: 2 });
      if (endpoint.body) mutations.push({ arbitrary: fc.record({ kind: fc.constant('body' as const), index: fc.nat(), value: replacement }), weight: 6 });
    }
    const recipe = fc.record({
      name: fc.constant(name),
      caller: callerFor(endpoint),
      params: endpoint.params ? (validish(endpoint.params, hints) as fc.Arbitrary<Record<string, unknown>>) : fc.constant({}),
      query: endpoint.query ? (validish(endpoint.query, hints) as fc.Arbitrary<Record<string, unknown>>) : fc.constant(undefined),
      body: endpoint.body ? bodyFor(name, endpoint.body, hints, pools) : fc.constant(undefined),
      mutation: fc.oneof(...mutations),
      address: fc.integer({ min: 1, max: 250 }),
    });
    return { arbitrary: recipe, weight: COSTLY.has(name) ? 1 : 4 };
  });
  return fc.oneof(...perRoute);
}

function queryText(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) parts.push(`${encode(key)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`);
  }
  return parts.join('&');
}

export interface Tokens {
  user: string;
  admin: string;
}

export interface Materialized {
  method: EndpointDefinition['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

export function materialize(recipe: Recipe, tokens: Tokens): Materialized {
  const endpoint = ENDPOINTS[recipe.name as keyof typeof ENDPOINTS] as EndpointDefinition;
  const { mutation } = recipe;
  const params = Object.fromEntries(Object.entries(recipe.params).map(([k, v]) => [k, String(v)]));
  let path = pathOf(endpoint.path, params);
  if (mutation.kind === 'param') {
    const names = Object.keys(params);
    const name = names[mutation.index % names.length]!;
    path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, n: string) => (n === name ? (mutation.raw ?? encode(mutation.value)) : encodeURIComponent(params[n] ?? '')));
  }
  let query = recipe.query;
  if (mutation.kind === 'query') {
    // Any parameter the route knows (given or not), or one it does not.
    const keys = [...objectKeys(endpoint.query), 'unknown_filter'];
    const key = keys[mutation.index % keys.length]!;
    query = { ...query, [key]: replace(query?.[key], key, mutation.value) };
  }
  let search = queryText(query);
  if (mutation.kind === 'rawQuery') search = search ? `${search}&${mutation.text}` : mutation.text;

  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (recipe.caller === 'user') headers.authorization = `Bearer ${tokens.user}`;
  if (recipe.caller === 'admin') headers.authorization = `Bearer ${tokens.admin}`;
  if (recipe.caller === 'forged') headers.authorization = `Bearer ${tokens.admin.slice(0, -4)}AAAA`;

  let payload: string | undefined;
  if (endpoint.method !== 'GET') {
    let body = recipe.body;
    if (mutation.kind === 'body') {
      const paths = pathsOf(body);
      const path = paths[mutation.index % paths.length]!;
      body = replaceAt(body, path, replace(valueAt(body, path), String(path.at(-1) ?? ''), mutation.value));
    }
    if (mutation.kind === 'rawBody') {
      payload = mutation.body.text;
      if (mutation.body.contentType !== undefined) headers['content-type'] = mutation.body.contentType;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
  }
  if (recipe.caller === 'partner') {
    const timestamp = Math.floor(Date.now() / 1000);
    headers['x-partner-key'] = DEMO_PARTNER_KEY.id;
    headers['x-partner-timestamp'] = String(timestamp);
    headers['x-partner-signature'] = signPartnerRequest(DEMO_PARTNER_KEY.secret, timestamp, payload ?? '');
  }
  if (mutation.kind === 'header') headers[mutation.name] = mutation.value;
  if (mutation.kind === 'bearer') headers.authorization = bearerHeader(recipe.caller === 'admin' ? tokens.admin : tokens.user, mutation.form);
  return {
    method: endpoint.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: `10.18.0.${recipe.address}`,
  };
}

/** What is wrong with an answer, or null. */
export function problemWith(request: Materialized, status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `${status} with content type ${contentType}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} with a body that is not JSON`;
  }
  if (!errorBodySchema.safeParse(parsed).success) return `${status} not in errorBodySchema`;
  const strict = strictErrorBody.safeParse(parsed);
  if (!strict.success) return `${status} error body ${z.prettifyError(strict.error).replaceAll('\n', ' ')}`;
  const { errors, codes } = strict.data;
  if ((errors === undefined) !== (codes === undefined)) return `${status} with ${errors ? 'errors but no codes' : 'codes but no errors'}`;
  if (errors && codes && JSON.stringify(Object.entries(errors).map(([k, v]) => [k, v.length])) !== JSON.stringify(Object.entries(codes).map(([k, v]) => [k, v.length]))) {
    return `${status} whose codes do not follow its errors`;
  }
  if (
    request.url.startsWith('/oauth/') &&
    status === 400 &&
    !['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'malformed_body', 'body_too_large'].includes(strict.data.error)
  ) {
    return `OAuth 400 with error ${strict.data.error}`;
  }
  return null;
}

export const short = (text: string, max = 300) => {
  const escaped = JSON.stringify(text);
  return escaped.length > max ? `${escaped.slice(0, max)}…(${text.length} chars)` : escaped;
};
