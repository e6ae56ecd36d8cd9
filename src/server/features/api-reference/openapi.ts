// The API's OpenAPI 3.1 document, generated from the endpoint table (src/shared/contract/endpoints.ts)
// and its zod schemas through zod's own JSON Schema output (z.toJSONSchema: request parts as the
// caller sends them, `io: 'input'`; answers as the caller reads them, `io: 'output'`). Nothing of
// a path, parameter, body or answer is written by hand: an endpoint added to the table appears
// here with its schemas, access and idempotency. The prose (summaries, examples, file types) is
// in operations.ts. Built once per process (api-reference.plugin.ts serves it with an ETag).
import * as z from 'zod/mini';
import type { EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS, type EndpointName } from '#shared/contract/endpoints.ts';
import { errorBodySchema, type ApiErrorCode } from '#shared/contract/errors.ts';
import { clientInfoSchema, TOKEN_ENDPOINT_AUTH_METHODS } from '#shared/contract/auth.ts';
import { shipmentCreatedSchema, shipmentSchema } from '#shared/contract/shipments.ts';
import { WEBHOOK_EVENT_DATA, webhookMessageSchema, type WebhookMessageType } from '#shared/contract/webhook-events.ts';
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_LOG_SIZE, webhookAttemptSchema, webhookSchema } from '#shared/contract/webhooks.ts';
import { LANGUAGES } from '#shared/domain/languages.ts';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import { COMPANY_RATE_LIMITS, REPORTS_PER_ACCOUNT_PER_MINUTE, SIGNED_IN_TRACKING_PER_MINUTE } from '#shared/domain/rate-limits.ts';
import { CLIENT_ROLES, PERMISSIONS } from '#shared/domain/roles.ts';
import { DEFAULT_WEBHOOK_OPTIONS, PREVIOUS_SECRET_MS } from '#server/features/webhooks/public.ts';
import {
  duration,
  OPERATIONS,
  SHIPMENT_CREATE_EXAMPLE,
  SHIPMENT_CREATED_EXAMPLE,
  SHIPMENT_FIELD_NOTES,
  VALIDATION_ERROR_EXAMPLE,
  WEBHOOK_ADDRESS_RULE,
  WEBHOOK_EVENT_TEXTS,
  WEBHOOK_FIELD_NOTES,
  WEBHOOK_RETRIES,
} from './operations.ts';

type Json = Record<string, unknown>;

/** Every `error` code an answer may carry, with its statuses: a code added to ApiErrorCode and not here fails the typecheck. */
export const ERROR_CODES: Record<ApiErrorCode, string> = {
  validation_failed: '400 (or 422): the request does not fit the schema or the rules; field errors in `errors`',
  malformed_body: '400: the body is not valid JSON or form data',
  invalid_request: '400 and others (408, 409, 412, 416): a request that cannot be served as sent; OAuth: a malformed token request',
  invalid_client: '401 (token endpoint): unknown client, wrong secret or disabled client',
  invalid_grant: '400 (token endpoint): the refresh token is missing, expired or revoked',
  unsupported_grant_type: '400 (token endpoint): a grant other than client_credentials or refresh_token',
  unauthorized: '401: no valid bearer token (or partner signature); get a new token and try again',
  forbidden: '403: your role may not do this',
  not_found: '404: no such address, or no such row of your company',
  conflict: '409: the request conflicts with the current state (a replayed partner signature, a shipment no longer CREATED, …)',
  gone: '410: the file is no longer kept',
  body_too_large: '413: the body is larger than the route accepts',
  unsupported_media_type: '415: a content type the route does not read (JSON or form-encoded)',
  too_many_requests: '429: over a rate limit; wait for Retry-After seconds',
  unavailable: '503: the database cannot be reached for a moment; retry after Retry-After seconds',
  internal_error: '500: a fault on our side; safe to retry a create with the same Idempotency-Key',
};

/**
 * The /api and /oauth routes the document leaves out, each for its reason (the API test checks
 * that every other registered route is documented, and that these exist).
 */
export const UNDOCUMENTED_ROUTES: ReadonlyArray<{ method: string; url: string; why: string }> = [
  { method: 'GET', url: '/api/openapi.json', why: 'the document itself' },
  { method: 'GET', url: '/api/docs', why: 'the reference page rendering it' },
];

/** The webhook messages (the document's `webhooks`), one schema per event type, named `<Type>Event`. */
const WEBHOOK_MESSAGES = (Object.keys(WEBHOOK_EVENT_DATA) as WebhookMessageType[]).map((type): { type: WebhookMessageType; schema: z.ZodMiniType; id: string } => ({
  type,
  schema: webhookMessageSchema(type) as z.ZodMiniType,
  id: `${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Event`,
}));

/** Named schemas shared by several answers: their own entry under components.schemas. */
const NAMED_OUTPUTS: ReadonlyArray<[z.ZodMiniType, string]> = [
  [errorBodySchema, 'Error'],
  [shipmentSchema, 'Shipment'],
  [shipmentCreatedSchema, 'ShipmentCreated'],
  [clientInfoSchema, 'ClientInfo'],
  [webhookSchema, 'Webhook'],
  [webhookAttemptSchema, 'WebhookAttempt'],
  ...WEBHOOK_MESSAGES.map(({ schema, id }): [z.ZodMiniType, string] => [schema, id]),
];

/** Tags by path, most specific first; any other path is tagged by its first segment after the version. */
const TAGS: ReadonlyArray<{ prefix: string; name: string; description: string }> = [
  { prefix: '/oauth/', name: 'Authentication', description: 'OAuth 2.0 client credentials: a bearer token for every other call.' },
  { prefix: '/api/v1/shipments/getLabel/', name: 'Labels', description: 'Shipping labels (PDF).' },
  { prefix: '/api/v1/shipments/labels', name: 'Labels', description: '' },
  { prefix: '/api/v1/shipments/import', name: 'Imports', description: 'Shipments from a CSV or xlsx file.' },
  { prefix: '/api/v1/shipments/track', name: 'Tracking', description: 'Where a parcel is: public, richer for its owner.' },
  { prefix: '/api/v1/tracking/', name: 'Tracking', description: '' },
  { prefix: '/api/v1/shipments', name: 'Shipments', description: 'Create, list, read and cancel shipments.' },
  { prefix: '/api/v2/shipments', name: 'Shipments', description: '' },
  { prefix: '/api/v1/manifests', name: 'Manifests', description: 'Hand-over protocols: close the day’s shipments for pickup.' },
  { prefix: '/api/v1/pickup-points', name: 'Pickup points', description: 'Parcel lockers and pickup points for those delivery methods.' },
  { prefix: '/api/v1/profile', name: 'Profile', description: 'The signed-in client, its company and pickup addresses.' },
  { prefix: '/api/v1/users/', name: 'Profile', description: '' },
  { prefix: '/api/v1/config', name: 'Profile', description: '' },
  { prefix: '/api/v1/partner/', name: 'Partner event feed', description: 'For delivery partners: signed parcel events (HMAC), no bearer token.' },
  { prefix: '/api/v1/webhooks', name: 'Webhooks', description: 'Your receivers of signed event messages (Standard Webhooks v1): register, test, read the delivery log, rotate the secret. The messages themselves are under "Webhooks" (events) below.' },
  { prefix: '/api/v1/admin/shipments/report', name: 'Reports', description: 'Shipment reports (xlsx) of your company.' },
  { prefix: '/api/v1/admin/', name: 'Administration', description: 'The carrier’s own administration (ADMIN role only).' },
];

/** The reference's groups of tags: a shop's API, the delivery partners' feed, the carrier's own administration. */
const TAG_GROUPS: ReadonlyArray<{ name: string; tags: ReadonlySet<string> | 'rest' }> = [
  { name: 'Shipping API', tags: 'rest' },
  { name: 'Delivery partners', tags: new Set(['Partner event feed']) },
  { name: 'Carrier administration', tags: new Set(['Administration']) },
];

function tagOf(path: string): string {
  const known = TAGS.find((tag) => path.startsWith(tag.prefix));
  if (known) return known.name;
  const segment = /^\/(?:api\/v\d+\/|api\/|oauth\/)?([^/]+)/.exec(path)?.[1] ?? 'Other';
  return segment.charAt(0).toUpperCase() + segment.slice(1).replace(/[-_]/g, ' ');
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** A JSON Schema of one request part, inline (query and path parameters). */
function inlineSchema(schema: z.ZodMiniType): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', metadata: z.registry<{ id: string }>() }) as Json;
  return json;
}

/** The top-level fields of an object schema (or of each member of a union) with whether every member requires them. */
function fieldsOf(json: Json): Array<{ name: string; schema: Json; required: boolean }> {
  const members = (json.anyOf ?? json.oneOf ?? [json]) as Json[];
  const fields = new Map<string, { schema: Json; count: number }>();
  for (const member of members) {
    const required = new Set((member.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((member.properties as Record<string, Json> | undefined) ?? {})) {
      const seen = fields.get(name) ?? { schema, count: 0 };
      if (required.has(name)) seen.count += 1;
      fields.set(name, seen);
    }
  }
  return [...fields].map(([name, { schema, count }]) => ({ name, schema, required: count === members.length }));
}

function accessText(endpoint: EndpointDefinition): string {
  const roles = endpoint.permission ? PERMISSIONS[endpoint.permission].join(', ') : null;
  switch (endpoint.access) {
    case 'public':
      if (endpoint.path.startsWith('/oauth/')) return 'No bearer token: the client authenticates in the request itself.';
      return 'Public: no token needed; a bearer token, when sent, is read (the owner may see more).';
    case 'partner':
      return 'Delivery partners only: signed with a partner key (HMAC), no bearer token.';
    case 'admin':
      return 'ADMIN only.';
    case 'report':
      return 'Any signed-in client, for its own company; ADMIN for any company.';
    case 'client': {
      if (!roles) return 'Any signed-in client; on your own company’s rows (ADMIN: every company’s).';
      const allowed = PERMISSIONS[endpoint.permission!] as readonly string[];
      const may = CLIENT_ROLES.filter((role) => allowed.includes(role));
      const mayNot = CLIENT_ROLES.filter((role) => !allowed.includes(role));
      const admin = allowed.includes('ADMIN') ? ' The carrier’s own ADMIN accounts may too.' : '';
      return `Company accounts with the role ${may.join(' or ')}${mayNot.length > 0 ? ` (not ${mayNot.join(', ')}: 403)` : ''}, on their own company’s rows.${admin}`;
    }
  }
}

/** How a client may authenticate at the token endpoint (the contract's list): credentials in the body need no scheme. */
const TOKEN_SECURITY = TOKEN_ENDPOINT_AUTH_METHODS.map((method): Record<string, string[]> => (method === 'client_secret_basic' ? { clientBasic: [] } : {}));

function securityOf(endpoint: EndpointDefinition): Array<Record<string, string[]>> {
  if (endpoint.path === ENDPOINTS.token.path) return TOKEN_SECURITY;
  if (endpoint.access === 'public') return [{}, { bearerAuth: [] }];
  if (endpoint.access === 'partner') return [{ partnerKey: [], partnerTimestamp: [], partnerSignature: [] }];
  return [{ clientCredentials: [] }, { bearerAuth: [] }];
}

interface SchemaIds {
  input: Map<z.ZodMiniType, string>;
  output: Map<z.ZodMiniType, string>;
}

/** Gives every body and JSON answer its components.schemas name (the first endpoint naming a shared schema names it). */
function nameSchemas(endpoints: ReadonlyArray<[string, EndpointDefinition]>): SchemaIds {
  const input = new Map<z.ZodMiniType, string>();
  const output = new Map<z.ZodMiniType, string>(NAMED_OUTPUTS);
  const taken = new Set<string>(NAMED_OUTPUTS.map(([, id]) => id));
  const name = (ids: Map<z.ZodMiniType, string>, schema: z.ZodMiniType, id: string) => {
    if (ids.has(schema)) return;
    let unique = id;
    for (let n = 2; taken.has(unique); n += 1) unique = `${id}${n}`;
    taken.add(unique);
    ids.set(schema, unique);
  };
  for (const [operation, endpoint] of endpoints) {
    if (endpoint.body) name(input, endpoint.body, `${pascal(operation)}Request`);
    if (typeof endpoint.answer !== 'string') name(output, endpoint.answer, `${pascal(operation)}Response`);
  }
  return { input, output };
}

/** Calls `visit` with every property (name and schema) of an object schema and of the schemas inside it ($refs aside). */
function eachProperty(json: unknown, visit: (name: string, schema: Json) => void): void {
  if (!json || typeof json !== 'object') return;
  if (Array.isArray(json)) {
    for (const member of json) eachProperty(member, visit);
    return;
  }
  const node = json as Json;
  for (const [name, schema] of Object.entries((node.properties as Record<string, Json> | undefined) ?? {})) {
    visit(name, schema);
    eachProperty(schema, visit);
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) eachProperty(node[key], visit);
}

/**
 * An answer's schema as a reader should take it: zod closes output objects (`additionalProperties:
 * false`), but answers may gain fields within v1 (README "API versioning"), so nothing is closed.
 */
function openAnswer(json: unknown): void {
  if (!json || typeof json !== 'object') return;
  if (Array.isArray(json)) {
    for (const member of json) openAnswer(member);
    return;
  }
  const node = json as Json;
  if (node.additionalProperties === false) delete node.additionalProperties;
  for (const value of Object.values(node)) openAnswer(value);
}

/** A list of values that may grow within v1: the known ones listed, any other string accepted. */
function openList(schema: Json, description?: string): Json {
  const { enum: values, type: _type, ...rest } = schema;
  return { ...rest, ...(description ? { description } : {}), anyOf: [{ type: 'string', enum: values }, { type: 'string' }] };
}

/** Field descriptions and date-time formats of the schemas an integrator reads most (prose in operations.ts). */
const FIELD_NOTES: ReadonlyArray<{ ids: readonly string[]; notes: Readonly<Record<string, string>> }> = [
  { ids: ['Shipment', 'ShipmentStoreRequest', 'WizardStoreRequest', 'ShipmentStatusChangedEvent', 'ShipmentTrackingUpdatedEvent'], notes: SHIPMENT_FIELD_NOTES },
  { ids: ['Webhook', 'WebhookCreateResponse'], notes: WEBHOOK_FIELD_NOTES.Webhook },
  { ids: ['WebhookAttempt'], notes: WEBHOOK_FIELD_NOTES.WebhookAttempt },
  { ids: ['ImportFinishedEvent'], notes: WEBHOOK_FIELD_NOTES.ImportFinished },
  // The envelope's fields last: a payload's own fields are described first.
  { ids: WEBHOOK_MESSAGES.map((message) => message.id), notes: WEBHOOK_FIELD_NOTES.Message },
];
/** Times of these answers are ISO 8601 instants in UTC (toISOString). */
const INSTANTS = new Set(['created_at', 'updated_at', 'tracking_status_at', 'finished_at', 'at', 'timestamp']);
const INSTANT_SCHEMAS = new Set(['Shipment', 'Webhook', 'WebhookCreateResponse', 'WebhookAttempt', ...WEBHOOK_MESSAGES.map((message) => message.id)]);
/** Output fields whose values may grow within v1 (README "API versioning"). */
const OPEN_LISTS = new Set(['tracking_status', 'previous_tracking_status', 'event_types']);

function annotate(schemas: Record<string, Json>): void {
  for (const { ids, notes } of FIELD_NOTES) {
    for (const id of ids) {
      eachProperty(schemas[id], (name, schema) => {
        if (notes[name] && !schema.description) schema.description = notes[name];
      });
    }
  }
  for (const id of INSTANT_SCHEMAS) {
    eachProperty(schemas[id], (name, schema) => {
      if (INSTANTS.has(name) && (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')))) schema.format = 'date-time';
    });
  }
}

/** Answers' open lists: the known values listed, any other string accepted (a request still takes only the known ones). */
function openLists(schema: Json): void {
  eachProperty(schema, (name, property) => {
    if (!OPEN_LISTS.has(name)) return;
    if (Array.isArray(property.enum)) {
      const open = openList(property);
      for (const key of Object.keys(property)) delete property[key];
      Object.assign(property, open);
    }
    const items = property.items as Json | undefined;
    if (items && Array.isArray(items.enum)) property.items = openList(items);
  });
}

/** components.schemas: the named schemas, converted a registry at a time so that nested named ones become $refs. */
function componentSchemas(ids: SchemaIds): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  for (const [io, names] of [
    ['input', ids.input],
    ['output', ids.output],
  ] as const) {
    const registry = z.registry<{ id: string }>();
    for (const [schema, id] of names) registry.add(schema, { id });
    const converted = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` }).schemas as Record<string, Json>;
    for (const [id, { $schema: _dialect, $id: _id, ...json }] of Object.entries(converted)) {
      if (io === 'output') {
        openAnswer(json);
        openLists(json);
      }
      schemas[id] = json;
    }
  }
  annotate(schemas);
  // The error codes of the contract (ERROR_CODES is complete by type) on the error shape's `error`:
  // listed, and any other string still accepted, as new codes may come within v1.
  const properties = schemas.Error?.properties as Record<string, Json> | undefined;
  if (properties?.error?.type === 'string') {
    properties.error = {
      description: 'A stable code: see the table of error codes in the introduction.',
      anyOf: [{ type: 'string', enum: Object.keys(ERROR_CODES) }, { type: 'string' }],
    };
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: ref('Error') } },
});

const RESPONSES = {
  BadRequest: {
    description: 'The request does not fit the schema (`validation_failed`, field errors under `errors`) or is not JSON (`malformed_body`).',
    content: { 'application/json': { schema: ref('Error'), examples: { fields: { summary: 'Field errors', value: VALIDATION_ERROR_EXAMPLE } } } },
  },
  Unauthorized: errorResponse('No valid credentials (`unauthorized`): get a new token and try again.', {
    'WWW-Authenticate': { description: '`Bearer`', schema: { type: 'string' } },
  }),
  Forbidden: errorResponse('Your role may not do this (`forbidden`).'),
  NotFound: errorResponse('No such row of your company (`not_found`); a row of another company answers the same.'),
  IdempotencyConflict: errorResponse('A request with this Idempotency-Key is still running (retry after Retry-After seconds), or the data changed under it.', {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
  }),
  IdempotencyMismatch: errorResponse(
    'The request’s rules refused it (`validation_failed`, field errors under `errors`: see "Errors" in the introduction), or this Idempotency-Key was used before with another body (`validation_failed`, no field errors): use a new key for a new or corrected request.',
  ),
  TooManyRequests: errorResponse('Over a rate limit (`too_many_requests`): wait Retry-After seconds, then send the same request again. A limited call names its budgets here too, `r=0` for the one refusing.', {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
    'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
    RateLimit: { $ref: '#/components/headers/RateLimit' },
    'X-RateLimit-Limit': { $ref: '#/components/headers/XRateLimitLimit' },
    'X-RateLimit-Remaining': { $ref: '#/components/headers/XRateLimitRemaining' },
    'X-RateLimit-Reset': { $ref: '#/components/headers/XRateLimitReset' },
  }),
  Error: errorResponse('Any other error in the error shape: see the error codes in the introduction (e.g. 503 `unavailable` with Retry-After).'),
};

const responseRef = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** Optional parts of a definition that only some endpoints have (read when present). */
interface Extras {
  /** The same answer as a file of one of these types when Accept prefers it. */
  fileVariants?: readonly string[];
  /** On its way out: Deprecation and Sunset headers on every answer. */
  deprecated?: { since: Date; sunset: Date; link?: string };
}

function operationOf(name: string, definition: EndpointDefinition, ids: SchemaIds): Json {
  const endpoint: EndpointDefinition & Extras = definition;
  const text = OPERATIONS[name as EndpointName];
  const parameters: Json[] = [];
  const pathNames = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
  const pathFields = new Map(endpoint.params ? fieldsOf(inlineSchema(endpoint.params)).map((field) => [field.name, field.schema]) : []);
  const described = (name: string) => (text?.parameters?.[name] ? { description: text.parameters[name] } : {});
  for (const param of pathNames) parameters.push({ name: param, in: 'path', required: true, ...described(param), schema: pathFields.get(param) ?? { type: 'string' } });
  if (endpoint.query) {
    for (const field of fieldsOf(inlineSchema(endpoint.query))) parameters.push({ name: field.name, in: 'query', required: field.required, ...described(field.name), schema: field.schema });
  }
  if (endpoint.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  parameters.push({ $ref: '#/components/parameters/AcceptLanguage' });

  const isToken = endpoint.path === ENDPOINTS.token.path;
  const isCreate = endpoint.path === ENDPOINTS.shipmentStore.path && endpoint.method === ENDPOINTS.shipmentStore.method;
  const requestBody = endpoint.body
    ? {
        required: true,
        content: {
          'application/json': {
            schema: ref(ids.input.get(endpoint.body)!),
            ...(isCreate ? { examples: { homeDelivery: { summary: 'A parcel delivered home, cash on delivery', value: SHIPMENT_CREATE_EXAMPLE } } } : {}),
            ...(isToken ? { examples: { clientCredentials: { summary: 'Client credentials', value: { grant_type: 'client_credentials', client_id: 'shop-4711', client_secret: '…' } } } } : {}),
          },
          // Every route reads form-encoded bodies too; the token endpoint is where OAuth clients send them.
          ...(isToken ? { 'application/x-www-form-urlencoded': { schema: ref(ids.input.get(endpoint.body)!) } } : {}),
        },
      }
    : undefined;

  const status = endpoint.answer === 'empty' ? 204 : (endpoint.status ?? 200);
  let success: Json;
  if (endpoint.answer === 'empty') success = { description: 'Done; no content.' };
  else if (endpoint.answer === 'file') {
    const types = text?.files ?? ['application/octet-stream'];
    success = {
      description: 'The file, named by Content-Disposition.',
      headers: { 'Content-Disposition': { description: '`attachment; filename="…"`', schema: { type: 'string' } } },
      content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary', contentMediaType: type } }])),
    };
  } else {
    success = {
      description: endpoint.fileVariants ? `OK: JSON by default; the file itself (${endpoint.fileVariants.join(' or ')}) when Accept prefers it.` : status === 201 ? 'Created.' : 'OK.',
      content: {
        'application/json': { schema: ref(ids.output.get(endpoint.answer)!), ...(isCreate ? { examples: { created: { summary: 'Created', value: SHIPMENT_CREATED_EXAMPLE } } } : {}) },
        ...Object.fromEntries((endpoint.fileVariants ?? []).map((type) => [type, { schema: { type: 'string', format: 'binary', contentMediaType: type } }])),
      },
    };
  }
  // Budgets the route counts against: the company's (the table's `limit`), and the two limits kept by @fastify/rate-limit.
  const budgets = [
    ...(endpoint.limit ? [endpoint.limit] : []),
    ...(endpoint.path === ENDPOINTS.track.path || endpoint.path === ENDPOINTS.publicTracking.path ? ['tracking_lookups'] : []),
    ...(endpoint.path === ENDPOINTS.shipmentReport.path ? ['reports_per_account'] : []),
  ];
  if (budgets.length > 0) {
    success.headers = {
      ...(success.headers as Json | undefined),
      'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
      RateLimit: { $ref: '#/components/headers/RateLimit' },
      'X-RateLimit-Limit': { $ref: '#/components/headers/XRateLimitLimit' },
      'X-RateLimit-Remaining': { $ref: '#/components/headers/XRateLimitRemaining' },
      'X-RateLimit-Reset': { $ref: '#/components/headers/XRateLimitReset' },
    };
  }
  if (endpoint.idempotent) success.headers = { ...(success.headers as Json | undefined), 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } };
  if (endpoint.deprecated) {
    success.headers = {
      ...(success.headers as Json | undefined),
      Deprecation: { description: 'RFC 9745: when this route was deprecated (`@` unix seconds).', schema: { type: 'string' } },
      Sunset: { description: 'RFC 8594: when this route stops answering.', schema: { type: 'string' } },
    };
  }

  const responses: Json = { [status]: success };
  if (endpoint.params || endpoint.query || endpoint.body) responses['400'] = responseRef('BadRequest');
  if (endpoint.access !== 'public') responses['401'] = responseRef('Unauthorized');
  if (endpoint.access === 'admin' || endpoint.permission) responses['403'] = responseRef('Forbidden');
  if (endpoint.params || typeof endpoint.companyData === 'object') responses['404'] = responseRef('NotFound');
  if (endpoint.idempotent) {
    responses['409'] = responseRef('IdempotencyConflict');
    responses['422'] = responseRef('IdempotencyMismatch');
  }
  if (isToken || budgets.length > 0) responses['429'] = responseRef('TooManyRequests');
  responses.default = responseRef('Error');

  const sunset = endpoint.deprecated
    ? `**Deprecated** since ${endpoint.deprecated.since.toISOString().slice(0, 10)}; stops answering on ${endpoint.deprecated.sunset.toISOString().slice(0, 10)}${endpoint.deprecated.link ? ` (see ${endpoint.deprecated.link})` : ''}.`
    : undefined;
  const description = [
    sunset,
    text?.description,
    `**Access:** ${accessText(endpoint)}`,
    budgets.length > 0 ? `**Rate limits:** ${budgets.map((budget) => `\`${budget}\``).join(', ')} (see "Rate limits" in the introduction).` : undefined,
    endpoint.idempotent
      ? '**Idempotent:** send an `Idempotency-Key` header; a retry with the same key and body answers the first answer again (a success or a 422), with `Idempotent-Replayed: true`; the same key with another body answers 422 `validation_failed`.'
      : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: name,
    summary: text?.summary ?? `${endpoint.method} ${endpoint.path}`,
    description,
    tags: [tagOf(endpoint.path)],
    ...(endpoint.deprecated ? { deprecated: true } : {}),
    security: securityOf(endpoint),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The Standard Webhooks headers of every message (components.parameters). */
const WEBHOOK_HEADERS = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id (`msg_…`): the same on every attempt and resend of one event. Deduplicate by it: a message may arrive more than once.',
    schema: { type: 'string' },
    example: 'msg_2f0c7e1a9b3d4c5e8f60718293a4b5c6',
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt. Refuse messages more than 5 minutes off (the Standard Webhooks libraries do).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1764400000',
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of the secret after `whsec_`. ' +
      `Two, space-separated, for ${duration(PREVIOUS_SECRET_MS)} after a rotation (the new secret's and the previous one's): accept the message when one matches.`,
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
};

/** The document's top-level `webhooks`: what the portal POSTs to a receiver, one entry per event type. */
function webhookOperations(): Record<string, Json> {
  return Object.fromEntries(
    WEBHOOK_MESSAGES.map(({ type, id }) => [
      type,
      {
        post: {
          summary: WEBHOOK_EVENT_TEXTS[type].summary,
          description: `${WEBHOOK_EVENT_TEXTS[type].description}\n\nSigned per Standard Webhooks v1 (see "Webhooks" in the introduction): verify the signature on the raw body before parsing it.`,
          tags: ['Webhooks'],
          parameters: ['WebhookId', 'WebhookTimestamp', 'WebhookSignature'].map((name) => ({ $ref: `#/components/parameters/${name}` })),
          requestBody: { required: true, content: { 'application/json': { schema: ref(id) } } },
          responses: {
            '2XX': { description: `Received (answer within ${duration(DEFAULT_WEBHOOK_OPTIONS.timeoutMs)}; the body is not read).` },
            '410': { description: 'Gone: turns the endpoint off (nothing more is sent until a test event turns it on again).' },
            default: { description: `5xx, 408 and 429 (and no answer) are retried for ${duration(DEFAULT_WEBHOOK_OPTIONS.retryForMs)}; any other status fails the delivery at once.` },
          },
        },
      },
    ]),
  );
}

const INTRODUCTION = `The parcel portal's API: what a shop's system calls to create shipments, print labels, close hand-overs and track parcels, and what delivery partners call to report events. The web app uses the same calls.

## Signing in
OAuth 2.0 client credentials: \`POST /oauth/token\` with \`grant_type=client_credentials\` and your \`client_id\` and \`client_secret\`, as HTTP Basic (what OAuth libraries send by default) or in the body (JSON or form-encoded). Send the \`access_token\` as \`Authorization: Bearer …\`. When it expires (\`expires_in\` seconds) or a call answers 401, ask for a new one the same way.

## Requests
Bodies are JSON (form-encoded also works). **Unknown request fields are ignored**, not refused: a misspelt optional field goes unnoticed, so compare the answer with what you sent. Times are ISO 8601; answers give them in UTC (\`2026-11-24T09:15:02.118Z\`). In a query string a \`+\` means a space: send a time offset as \`%2B01:00\` (\`updated_since=2026-11-24T10:00:00%2B01:00\`) or use \`Z\`.

## Shipments
A create answers the shipment as stored: the receiver's postal code in the country's format (\`81101\` → \`811 01\`) and phone number in E.164 (\`0905 123 456\` → \`+421905123456\`). Without \`pickup_address_id\` a parcel leaves from the first (oldest) of your company's pickup addresses assigned to the calling account, else from the company's first (\`GET /api/v1/profile/pickup-addresses\`). \`status\` is the portal's workflow (CREATED → MANIFESTED → ARRIVED → SENT, or DELETED) and stops at SENT; where the parcel is afterwards is \`tracking_status\`, the delivery status (its values under the \`Shipment\` schema). To follow changes, list with \`updated_since\` and \`cursor\` (see "List shipments") or receive webhooks.

## Creating safely
Creates take an \`Idempotency-Key\` header: choose one per shipment you mean to create (a UUID, or your order number) and send it again with every retry of that create. The same key and body answer the first answer again without creating anything, with the header \`Idempotent-Replayed: true\` (a refused create's 422 is replayed the same way); the same key with another body answers 422 \`validation_failed\` (so send a corrected request under a new key); a key whose first request is still running answers 409 with Retry-After. A request refused by the schema (400) never takes its key. Keys are kept 7 days per company.

## Errors
Every error answers \`{"message", "error", "errors"?, "codes"?}\`: \`message\` is a sentence in the caller's language, \`error\` a stable code, \`errors\` the messages per field (\`field.0.sub\` for nested fields) when the request did not fit, and \`codes\` (where the server sends them) a stable code for each of those messages. Programs compare codes, people read messages; new codes may be added within v1.

A request is checked in two rounds: first against the schema (400 \`validation_failed\`: a required field missing, a wrong type, too long, a weight or amount off its step), and only a request that fits it against the rules (422 \`validation_failed\`: the postal code or phone of the destination country, a country, product or delivery method your contract does not allow, sizes and weight of the product, the pickup point or address). Fix the 400's fields first; the corrected request may still meet a 422.

| error | status and meaning |
| --- | --- |
${Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `| \`${code}\` | ${meaning} |`)
  .join('\n')}

## Rate limits
Budgets that a shop's integration never meets but a runaway loop does. Every signed-in request of a limited call counts, whatever its answer: replays of an Idempotency-Key, 400s and 422s included (a request refused as unauthenticated does not). Every answer of a limited call announces its budgets in the IETF \`RateLimit-Policy\` (\`"name";q=quota;w=window seconds\`) and \`RateLimit\` (\`"name";r=remaining;t=seconds until the window resets\`) headers, and as \`X-RateLimit-Limit\`, \`-Remaining\` and \`-Reset\` (the budget closest to refusing). Past a budget the call answers 429 \`too_many_requests\` with \`Retry-After\`: wait that long, then send the same request again (with the same \`Idempotency-Key\`: a refused create created nothing). Slow down when \`r\` nears 0 rather than waiting for the 429.

| budget | counted per | quota |
| --- | --- | --- |
${Object.entries(COMPANY_RATE_LIMITS)
  .map(([name, policy]) => `| \`${name}\` | company (all its accounts) | ${policy.quota} per ${policy.windowSeconds} s |`)
  .join('\n')}
| \`reports_per_account\` | account | ${REPORTS_PER_ACCOUNT_PER_MINUTE} per 60 s |
| \`tracking_lookups\` | address without a token; account with one | ${PUBLIC_TRACKING_PER_MINUTE} / ${SIGNED_IN_TRACKING_PER_MINUTE} per 60 s |

Failed sign-ins are limited too (429 with Retry-After), and a company prepares at most 2 bulk label files, manifests, import uploads or reports at once per server (429 with Retry-After beyond that).

## Webhooks
Instead of polling, register a receiver (\`POST /api/v1/webhooks\`: an https \`url\` and the \`event_types\` it wants; ${WEBHOOK_ENDPOINTS_MAX} per company). The portal POSTs one JSON message per event, \`{"type", "timestamp", "data"}\`, signed per [Standard Webhooks](https://www.standardwebhooks.com/) v1 (headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) with the endpoint's secret \`whsec_…\`, which the create answers **once**; verify with a Standard Webhooks library on the raw body. Each event type's payload is in the \`webhooks\` section of this document; a shipment event's \`data\` is the \`Shipment\` as the API answers it.

Answer 2xx within ${duration(DEFAULT_WEBHOOK_OPTIONS.timeoutMs)}. ${WEBHOOK_RETRIES} One shipment's (and one import's) events are sent one at a time, in order; a message may come more than once: deduplicate by \`webhook-id\`. The delivery log (\`GET /api/v1/webhooks/{id}/deliveries\`) keeps the last ${WEBHOOK_LOG_SIZE} attempts; \`rotate-secret\` gives a new secret while the previous one keeps signing for ${duration(PREVIOUS_SECRET_MS)}.

${WEBHOOK_ADDRESS_RULE}

Webhook endpoints are managed by a company's ${CLIENT_ROLES.filter((role) => (PERMISSIONS['webhooks.manage'] as readonly string[]).includes(role)).join(' and ')} accounts (not ${CLIENT_ROLES.filter((role) => !(PERMISSIONS['webhooks.manage'] as readonly string[]).includes(role)).join(', ')}: 403); the carrier's own ADMIN accounts may too, for support.

## Lists that may grow
Within v1 these lists may gain values; a client must accept values it does not know: \`error\` and the field \`codes\`; \`tracking_status\` (treat an unknown value as "in progress"); webhook event types (\`type\`, \`event_types\`); the delivery log's \`error\`. Every other list of values (\`status\`, \`product\`, \`delivery_method\`, …) is closed within v1. Answers may also gain fields: ignore those you do not know.

## Languages
Messages are in English, Slovak, German or Czech, chosen by \`Accept-Language\`.

## Typed client
A TypeScript client generated from this document is in the repository's \`src/client-sdk\` folder (\`@parcel-portal/client\`).`;

export interface OpenApiOptions {
  /** The endpoint table to document (default: the API's). */
  endpoints?: Readonly<Record<string, EndpointDefinition>>;
  /** The portal's public address (PUBLIC_URL); default: the address the document was read from. */
  serverUrl?: string | undefined;
  version?: string;
}

export type OpenApiDocument = Json & { paths: Record<string, Record<string, Json>> };

/** The OpenAPI 3.1 document of every endpoint of the table. */
export function openApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const endpoints = Object.entries(options.endpoints ?? (ENDPOINTS as Readonly<Record<string, EndpointDefinition>>));
  const ids = nameSchemas(endpoints);
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, endpoint] of endpoints) {
    const path = openApiPath(endpoint.path);
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operationOf(name, endpoint, ids);
  }
  const used = [...new Set(endpoints.map(([, endpoint]) => tagOf(endpoint.path)))];
  const tagDescription = (name: string) => TAGS.find((tag) => tag.name === name && tag.description)?.description;
  return {
    openapi: '3.1.0',
    info: { title: 'Parcel portal API', version: options.version ?? '1', description: INTRODUCTION },
    servers: [{ url: options.serverUrl ?? '/', description: 'This portal' }],
    tags: used.map((name) => ({ name, ...(tagDescription(name) ? { description: tagDescription(name) } : {}) })),
    'x-tagGroups': TAG_GROUPS.map((group) => ({
      name: group.name,
      tags: used.filter((tag) => (group.tags === 'rest' ? TAG_GROUPS.every((other) => other.tags === 'rest' || !other.tags.has(tag)) : group.tags.has(tag))),
    })).filter((group) => group.tags.length > 0),
    paths,
    webhooks: webhookOperations(),
    components: {
      schemas: componentSchemas(ids),
      responses: RESPONSES,
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'One key per create you mean to make; send the same key with each retry of it. Kept 7 days per company.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
          example: '2f6d1c9e-7b0a-4c55-9a51-0d8d3f0c2b61',
        },
        ...WEBHOOK_HEADERS,
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description: `The language of messages: ${LANGUAGES.map((language) => `\`${language.intl}\` (${language.name})`).join(', ')}; English otherwise.`,
          schema: { type: 'string' },
          example: 'sk',
        },
      },
      headers: {
        RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
        RateLimitPolicy: {
          description: 'IETF RateLimit-Policy: the budgets this call counts against, `"name";q=quota;w=window seconds` (a list when several).',
          schema: { type: 'string' },
          example: '"shipment_writes";q=3000;w=60',
        },
        RateLimit: {
          description: 'IETF RateLimit: what is left of each budget, `"name";r=remaining;t=seconds until the window resets`.',
          schema: { type: 'string' },
          example: '"shipment_writes";r=2987;t=41',
        },
        XRateLimitLimit: { description: 'The quota of the budget closest to refusing (the older name of RateLimit-Policy’s `q`).', schema: { type: 'integer', minimum: 0 }, example: 3000 },
        XRateLimitRemaining: { description: 'What is left of that budget in its window.', schema: { type: 'integer', minimum: 0 }, example: 2987 },
        XRateLimitReset: { description: 'Seconds until that budget’s window resets.', schema: { type: 'integer', minimum: 0 }, example: 41 },
        IdempotentReplayed: {
          description: '`true` on an answer replayed for an Idempotency-Key used before (the first request’s answer; nothing was done again); absent on a first answer.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          description: 'OAuth 2.0 client credentials: your client id and secret for a bearer token.',
          flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } },
        },
        ...(TOKEN_ENDPOINT_AUTH_METHODS.some((method) => method === 'client_secret_basic')
          ? {
              clientBasic: {
                type: 'http',
                scheme: 'basic',
                description: 'The token endpoint only (client_secret_basic, RFC 6749 section 2.3.1): your client id and secret, each form-urlencoded, as HTTP Basic; or both in the body instead.',
              },
            }
          : {}),
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of `POST /oauth/token`.' },
        partnerKey: { type: 'apiKey', in: 'header', name: 'X-Partner-Key', description: 'Delivery partners: the key id (`pk_…`).' },
        partnerTimestamp: { type: 'apiKey', in: 'header', name: 'X-Partner-Timestamp', description: 'Delivery partners: unix seconds, now (within ±300 s).' },
        partnerSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Partner-Signature',
          description: '`sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the key’s secret (its text as printed). Each signature is accepted once.',
        },
      },
    },
  };
}
