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
import { LANGUAGES } from '#shared/domain/languages.ts';
import { PUBLIC_TRACKING_PER_MINUTE } from '#shared/domain/limits.ts';
import { COMPANY_RATE_LIMITS, REPORTS_PER_ACCOUNT_PER_MINUTE, SIGNED_IN_TRACKING_PER_MINUTE } from '#shared/domain/rate-limits.ts';
import { PERMISSIONS } from '#shared/domain/roles.ts';
import { OPERATIONS, SHIPMENT_CREATE_EXAMPLE, SHIPMENT_CREATED_EXAMPLE, VALIDATION_ERROR_EXAMPLE } from './operations.ts';

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

/** Named schemas shared by several answers: their own entry under components.schemas. */
const NAMED_OUTPUTS: ReadonlyArray<[z.ZodMiniType, string]> = [
  [errorBodySchema, 'Error'],
  [shipmentSchema, 'Shipment'],
  [shipmentCreatedSchema, 'ShipmentCreated'],
  [clientInfoSchema, 'ClientInfo'],
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
  { prefix: '/api/v1/admin/shipments/report', name: 'Reports', description: 'Shipment reports (xlsx) of your company.' },
  { prefix: '/api/v1/admin/', name: 'Administration', description: 'The carrier’s own administration (ADMIN role only).' },
];

const ADMIN_TAGS = new Set(['Administration']);

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
    case 'client':
      return roles ? `Signed-in clients with the role ${roles}; on your own company’s rows.` : 'Any signed-in client; on your own company’s rows (ADMIN: every company’s).';
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
    for (const [id, { $schema: _dialect, $id: _id, ...json }] of Object.entries(converted)) schemas[id] = json;
  }
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
  IdempotencyMismatch: errorResponse('This Idempotency-Key was used before with another body (`validation_failed`); use a new key for a new request.'),
  TooManyRequests: errorResponse('Over a rate limit (`too_many_requests`).', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
  Error: errorResponse('Any other error in the error shape: see the error codes in the introduction (e.g. 503 `unavailable` with Retry-After).'),
};

const responseRef = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/** Optional parts of a definition that only some endpoints have (read when present). */
interface Extras {
  /** The same answer as a file of this type when Accept prefers it. */
  fileVariant?: string;
  /** On its way out: Deprecation and Sunset headers on every answer. */
  deprecated?: { since: Date; sunset: Date; link?: string };
}

function operationOf(name: string, definition: EndpointDefinition, ids: SchemaIds): Json {
  const endpoint: EndpointDefinition & Extras = definition;
  const text = OPERATIONS[name as EndpointName];
  const parameters: Json[] = [];
  const pathNames = [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
  const pathFields = new Map(endpoint.params ? fieldsOf(inlineSchema(endpoint.params)).map((field) => [field.name, field.schema]) : []);
  for (const param of pathNames) parameters.push({ name: param, in: 'path', required: true, schema: pathFields.get(param) ?? { type: 'string' } });
  if (endpoint.query) {
    for (const field of fieldsOf(inlineSchema(endpoint.query))) parameters.push({ name: field.name, in: 'query', required: field.required, schema: field.schema });
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
      description: endpoint.fileVariant ? `OK: JSON by default; the file itself (${endpoint.fileVariant}) when Accept prefers it.` : status === 201 ? 'Created.' : 'OK.',
      content: {
        'application/json': { schema: ref(ids.output.get(endpoint.answer)!), ...(isCreate ? { examples: { created: { summary: 'Created', value: SHIPMENT_CREATED_EXAMPLE } } } : {}) },
        ...(endpoint.fileVariant ? { [endpoint.fileVariant]: { schema: { type: 'string', format: 'binary', contentMediaType: endpoint.fileVariant } } } : {}),
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
    };
  }
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
    endpoint.idempotent ? '**Idempotent:** send an `Idempotency-Key` header; a retry with the same key and body answers the first answer again.' : undefined,
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

const INTRODUCTION = `The parcel portal's API: what a shop's system calls to create shipments, print labels, close hand-overs and track parcels, and what delivery partners call to report events. The web app uses the same calls.

## Signing in
OAuth 2.0 client credentials: \`POST /oauth/token\` with \`grant_type=client_credentials\` and your \`client_id\` and \`client_secret\`, as HTTP Basic (what OAuth libraries send by default) or in the body (JSON or form-encoded). Send the \`access_token\` as \`Authorization: Bearer …\`. When it expires (\`expires_in\` seconds) or a call answers 401, ask for a new one the same way.

## Creating safely
Creates take an \`Idempotency-Key\` header: choose one per shipment you mean to create (a UUID, or your order number) and send it again with every retry of that create. The same key and body answer the first answer again without creating anything; the same key with another body answers 422; a key whose first request is still running answers 409 with Retry-After. Keys are kept 7 days per company.

## Errors
Every error answers \`{"message", "error", "errors"?, "codes"?}\`: \`message\` is a sentence in the caller's language, \`error\` a stable code, \`errors\` the messages per field (\`field.0.sub\` for nested fields) when the request did not fit, and \`codes\` (where the server sends them) a stable code for each of those messages. Programs compare codes, people read messages; new codes may be added within v1.

| error | status and meaning |
| --- | --- |
${Object.entries(ERROR_CODES)
  .map(([code, meaning]) => `| \`${code}\` | ${meaning} |`)
  .join('\n')}

## Rate limits
Budgets that a shop's integration never meets but a runaway loop does. Every answer of a limited call announces its budgets in the IETF \`RateLimit-Policy\` (\`"name";q=quota;w=window seconds\`) and \`RateLimit\` (\`"name";r=remaining;t=seconds until the window resets\`) headers, and as \`X-RateLimit-Limit\`, \`-Remaining\` and \`-Reset\` (the budget closest to refusing). Past a budget the call answers 429 \`too_many_requests\` with \`Retry-After\`: wait that long, then send the same request again (with the same \`Idempotency-Key\`: a refused create created nothing). Slow down when \`r\` nears 0 rather than waiting for the 429.

| budget | counted per | quota |
| --- | --- | --- |
${Object.entries(COMPANY_RATE_LIMITS)
  .map(([name, policy]) => `| \`${name}\` | company (all its accounts) | ${policy.quota} per ${policy.windowSeconds} s |`)
  .join('\n')}
| \`reports_per_account\` | account | ${REPORTS_PER_ACCOUNT_PER_MINUTE} per 60 s |
| \`tracking_lookups\` | address without a token; account with one | ${PUBLIC_TRACKING_PER_MINUTE} / ${SIGNED_IN_TRACKING_PER_MINUTE} per 60 s |

Failed sign-ins are limited too (429 with Retry-After), and a company prepares at most 2 bulk label files, manifests, import uploads or reports at once per server (429 with Retry-After beyond that).

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
    'x-tagGroups': [
      { name: 'Shipping API', tags: used.filter((tag) => !ADMIN_TAGS.has(tag)) },
      { name: 'Carrier administration', tags: used.filter((tag) => ADMIN_TAGS.has(tag)) },
    ].filter((group) => group.tags.length > 0),
    paths,
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
