// The generated OpenAPI document: valid for a real OpenAPI 3.1 validator, one operation per
// endpoint of the table and no other, each with what the table says (access, idempotency, files),
// and examples that the contract's own schemas accept.
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '#shared/contract/endpoint.ts';
import { TOKEN_ENDPOINT_AUTH_METHODS } from '#shared/contract/auth.ts';
import { endpoint } from '#shared/contract/endpoint.ts';
import { ENDPOINTS } from '#shared/contract/endpoints.ts';
import { errorBodySchema } from '#shared/contract/errors.ts';
import { shipmentCreatedSchema, shipmentCreateSchema } from '#shared/contract/shipments.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '#shared/contract/webhooks.ts';
import { normalizePhone } from '#shared/domain/phone.ts';
import { normalizePostalCode } from '#shared/domain/postal-codes.ts';
import { isValidS10 } from '#shared/domain/s10.ts';
import { TRACKING_STATUSES } from '#shared/domain/tracking-events.ts';
import { ERROR_CODES, openApiDocument } from './openapi.ts';
import { SHIPMENT_CREATE_EXAMPLE, SHIPMENT_CREATED_EXAMPLE, VALIDATION_ERROR_EXAMPLE } from './operations.ts';

type Json = Record<string, unknown>;
const document = openApiDocument();
const table = Object.entries(ENDPOINTS as Readonly<Record<string, EndpointDefinition>>);
const operation = (endpoint: EndpointDefinition) => document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()] as Json | undefined;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    // The validator takes seconds on a busy 2-core machine.
  }, 30_000);

  it('documents every endpoint of the table, under its name, and nothing else', () => {
    for (const [name, endpoint] of table) expect(operation(endpoint)?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(name);
    const documented = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(documented.sort()).toEqual(table.map(([name]) => name).sort());
  });

  it('says who may call each endpoint: partners by HMAC signature, signed-in clients by token, public ones without', () => {
    for (const [name, endpoint] of table) {
      const security = operation(endpoint)!.security as Array<Record<string, string[]>>;
      if (name === 'token') expect(security, name).toEqual(TOKEN_ENDPOINT_AUTH_METHODS.map((method) => (method === 'client_secret_basic' ? { clientBasic: [] } : {})));
      else if (endpoint.access === 'public') expect(security, name).toContainEqual({});
      else if (endpoint.access === 'partner') expect(security, name).toEqual([{ partnerKey: [], partnerTimestamp: [], partnerSignature: [] }]);
      else expect(security, name).toEqual([{ clientCredentials: [] }, { bearerAuth: [] }]);
    }
    const schemes = (document.components as { securitySchemes: Record<string, Json> }).securitySchemes;
    expect(schemes.clientCredentials).toMatchObject({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token' } } });
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.clientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(schemes.partnerSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Partner-Signature' });
  });

  it('offers the Idempotency-Key on exactly the idempotent endpoints, with its 409 and 422', () => {
    for (const [name, endpoint] of table) {
      const op = operation(endpoint)!;
      const hasKey = (op.parameters as Json[]).some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey');
      expect(hasKey, name).toBe(endpoint.idempotent === true);
      if (endpoint.idempotent) expect(Object.keys(op.responses as Json), name).toEqual(expect.arrayContaining(['409', '422']));
    }
  });

  it('gives each endpoint its path and query parameters, body and answer', () => {
    const list = operation(ENDPOINTS.shipmentList)!;
    const query = (list.parameters as Json[]).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(query).toEqual(expect.arrayContaining(['skip', 'take', 'country', 'status', 'reference_number']));
    expect(list.responses).toMatchObject({ 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ShipmentListResponse' } } } } });

    const detail = operation(ENDPOINTS.shipmentDetail)!;
    expect(detail.parameters).toContainEqual(expect.objectContaining({ name: 'item_number', in: 'path', required: true }));
    expect(detail.responses).toMatchObject({ 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Shipment' } } } }, 404: {} });

    const create = operation(ENDPOINTS.shipmentStore)!;
    expect(create.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ShipmentStoreRequest' } } } });
    expect(create.responses).toMatchObject({ 201: {}, 400: {}, 401: {}, 403: {} });
    // Defaults are optional for a caller (io: 'input') and always present in an answer (io: 'output').
    const schemas = (document.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas.ShipmentStoreRequest!.required).not.toContain('goods_type');
    expect(schemas.Shipment!.required).toContain('goods_type');
  });

  it('describes file answers by their media types (labels PDF or ZPL, reports xlsx)', () => {
    for (const [name, endpoint] of table.filter(([, e]) => e.answer === 'file')) {
      const content = (operation(endpoint)!.responses as Record<string, { content: Record<string, { schema: Json }> }>)['200']!.content;
      expect(Object.keys(content).length, name).toBeGreaterThan(0);
      for (const media of Object.values(content)) expect(media.schema, name).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(Object.keys((operation(ENDPOINTS.bulkLabels)!.responses as Record<string, { content: Json }>)['200']!.content)).toEqual(['application/pdf', 'text/plain']);
    expect(Object.keys((operation(ENDPOINTS.shipmentReport)!.responses as Record<string, { content: Json }>)['200']!.content)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('documents the error shape with every error code', () => {
    const error = (document.components as { schemas: Record<string, { properties: Record<string, Json> }> }).schemas.Error!;
    expect(Object.keys(error.properties)).toEqual(expect.arrayContaining(['message', 'error', 'errors']));
    // Listed, and open: new codes may come within v1.
    expect(error.properties.error).toMatchObject({ anyOf: [{ type: 'string', enum: Object.keys(ERROR_CODES) }, { type: 'string' }] });
    for (const code of Object.keys(ERROR_CODES)) expect(document.info).toMatchObject({ description: expect.stringContaining(`\`${code}\``) });
  });

  it('has examples the contract accepts', () => {
    expect(shipmentCreateSchema.safeParse(SHIPMENT_CREATE_EXAMPLE).success).toBe(true);
    expect(shipmentCreatedSchema.safeParse(SHIPMENT_CREATED_EXAMPLE).success).toBe(true);
    // The answer shows what the server stores (tests/api/client-sdk.test.ts sends the example for real).
    const created = SHIPMENT_CREATED_EXAMPLE.shipment;
    expect(created.receiver_postal_code).toBe(normalizePostalCode(SHIPMENT_CREATE_EXAMPLE.receiver_country, SHIPMENT_CREATE_EXAMPLE.receiver_postal_code));
    expect(created.receiver_phone).toBe(normalizePhone(SHIPMENT_CREATE_EXAMPLE.receiver_phone, SHIPMENT_CREATE_EXAMPLE.receiver_country));
    expect(created.item_number).toMatch(/^PP\d{10}$/);
    expect(isValidS10(created.tracking_number)).toBe(true);
    expect(created.item_number).not.toBe(created.tracking_number);
    expect(errorBodySchema.safeParse(VALIDATION_ERROR_EXAMPLE).success).toBe(true);
    const create = operation(ENDPOINTS.shipmentStore)!;
    expect(create.requestBody).toMatchObject({ content: { 'application/json': { examples: { homeDelivery: { value: SHIPMENT_CREATE_EXAMPLE } } } } });
  });

  it('documents a file variant of a JSON answer and a deprecated route as the definition says', async () => {
    const labels = { ...ENDPOINTS.singleLabel, fileVariants: ['application/pdf', 'text/plain'] as const };
    const old = { ...ENDPOINTS.shipmentList, deprecated: { since: new Date('2026-11-01'), sunset: new Date('2027-05-01'), link: 'https://portal.example/changes' } };
    const custom = openApiDocument({ endpoints: { singleLabel: endpoint(labels), shipmentList: endpoint(old) } });
    const label = custom.paths['/api/v1/shipments/getLabel/{item_number}']!.get!;
    expect(Object.keys((label.responses as Record<string, { content: Json }>)['200']!.content)).toEqual(['application/json', 'application/pdf', 'text/plain']);
    const list = custom.paths['/api/v1/shipments']!.get!;
    expect(list.deprecated).toBe(true);
    expect(list.description).toContain('stops answering on 2027-05-01');
    expect(Object.keys((list.responses as Record<string, { headers: Json }>)['200']!.headers)).toEqual(['Deprecation', 'Sunset']);
    expect((await validate(structuredClone(custom) as never)).valid).toBe(true);
  }, 30_000);

  it('names the server given to it (PUBLIC_URL), else the address it is read from', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This portal' }]);
    expect(openApiDocument({ serverUrl: 'https://portal.example' }).servers).toEqual([{ url: 'https://portal.example', description: 'This portal' }]);
  });

  it('keeps answers open (new fields may come within v1) and says that unknown request fields are ignored', () => {
    expect(JSON.stringify(document)).not.toContain('"additionalProperties":false');
    expect((document.info as Json).description).toContain('Unknown request fields are ignored');
  });

  it('lists the open lists as open in answers (tracking_status, event types) and closed where a request sends them', () => {
    const schemas = (document.components as { schemas: Record<string, { properties: Record<string, Json> }> }).schemas;
    const open = (values: readonly string[]) => ({ anyOf: [{ type: 'string', enum: [...values] }, { type: 'string' }] });
    expect(schemas.Shipment!.properties.tracking_status).toMatchObject(open(TRACKING_STATUSES));
    expect(schemas.Webhook!.properties.event_types).toMatchObject({ type: 'array', items: open(WEBHOOK_EVENT_TYPES) });
    expect(schemas.WebhookCreateRequest!.properties.event_types).toMatchObject({ items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } });
    const filter = (operation(ENDPOINTS.shipmentList)!.parameters as Json[]).find((parameter) => parameter.name === 'tracking_status')!;
    expect(filter.schema).toMatchObject({ type: 'string', enum: [...TRACKING_STATUSES] });
    for (const status of TRACKING_STATUSES) expect(schemas.Shipment!.properties.tracking_status!.description).toContain(`\`${status}\``);
  });

  it('describes the shipment fields an integrator needs: units, currency, times', () => {
    const shipment = (document.components as { schemas: Record<string, { properties: Record<string, Json> }> }).schemas.Shipment!.properties;
    expect(shipment.weight!.description).toMatch(/kilograms/i);
    for (const size of ['height', 'width', 'length']) expect(shipment[size]!.description).toMatch(/centimetres/i);
    expect(shipment.cod_amount!.description).toMatch(/currency/);
    expect(shipment.status!.description).toContain('tracking_status');
    for (const time of ['created_at', 'updated_at', 'tracking_status_at']) expect(shipment[time]).toMatchObject({ type: 'string', format: 'date-time' });
    expect(shipment.pickup_address_id!.description).toContain('Omitted in a create');
    const list = (operation(ENDPOINTS.shipmentList)!.parameters as Json[]).filter((parameter) => parameter.in === 'query');
    for (const parameter of list) expect(parameter.description, String(parameter.name)).toEqual(expect.any(String));
    const track = (operation(ENDPOINTS.track)!.parameters as Json[]).filter((parameter) => parameter.in === 'query');
    expect(track.map((parameter) => [parameter.name, typeof parameter.description])).toEqual([
      ['tracking_number', 'string'],
      ['destination_zip', 'string'],
      ['zip', 'string'],
    ]);
  });

  it('documents every webhook call and every message a receiver gets, a shipment event’s data being the Shipment', () => {
    for (const [name, endpoint] of table.filter(([, e]) => e.path.startsWith('/api/v1/webhooks'))) {
      const op = operation(endpoint)!;
      expect(op.summary, name).not.toContain('/api/');
      expect(String(op.description).length, name).toBeGreaterThan(200);
      expect(op.tags, name).toEqual(['Webhooks']);
    }
    const webhooks = document.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> }; parameters: Json[] } }>;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post.parameters.map((parameter) => parameter.$ref)).toEqual([
        '#/components/parameters/WebhookId',
        '#/components/parameters/WebhookTimestamp',
        '#/components/parameters/WebhookSignature',
      ]);
      const id = post.requestBody.content['application/json']!.schema.$ref.split('/').at(-1)!;
      const message = schemas[id] as { properties: { type: Json; data: Json } };
      expect(message.properties.type, type).toMatchObject({ const: type });
      if (type.startsWith('shipment.')) expect(JSON.stringify(message.properties.data), type).toContain('"$ref":"#/components/schemas/Shipment"');
    }
    const intro = String((document.info as Json).description);
    for (const words of ['## Webhooks', 'whsec_', 'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', '10 per company', '24 h', '410']) expect(intro, words).toContain(words);
  });

  it('puts the partners’ feed in its own group, and announces the rate limits on the 429', () => {
    const groups = document['x-tagGroups'] as Array<{ name: string; tags: string[] }>;
    expect(groups.find((group) => group.name === 'Shipping API')!.tags).not.toContain('Partner event feed');
    expect(groups.find((group) => group.name === 'Delivery partners')!.tags).toEqual(['Partner event feed']);
    const tooMany = (document.components as { responses: Record<string, { headers: Json }> }).responses.TooManyRequests!;
    expect(Object.keys(tooMany.headers)).toEqual(['Retry-After', 'RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
    const created = (operation(ENDPOINTS.shipmentStore)!.responses as Record<string, { headers: Json }>)['201']!;
    expect(Object.keys(created.headers)).toEqual(expect.arrayContaining(['RateLimit', 'X-RateLimit-Remaining', 'Idempotent-Replayed']));
  });
});
