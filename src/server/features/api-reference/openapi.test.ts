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

  it('describes file answers by their media types (labels PDF, reports xlsx)', () => {
    for (const [name, endpoint] of table.filter(([, e]) => e.answer === 'file')) {
      const content = (operation(endpoint)!.responses as Record<string, { content: Record<string, { schema: Json }> }>)['200']!.content;
      expect(Object.keys(content).length, name).toBeGreaterThan(0);
      for (const media of Object.values(content)) expect(media.schema, name).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(Object.keys((operation(ENDPOINTS.bulkLabels)!.responses as Record<string, { content: Json }>)['200']!.content)).toEqual(['application/pdf']);
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
    expect(errorBodySchema.safeParse(VALIDATION_ERROR_EXAMPLE).success).toBe(true);
    const create = operation(ENDPOINTS.shipmentStore)!;
    expect(create.requestBody).toMatchObject({ content: { 'application/json': { examples: { homeDelivery: { value: SHIPMENT_CREATE_EXAMPLE } } } } });
  });

  it('documents a file variant of a JSON answer and a deprecated route as the definition says', async () => {
    const labels = { ...ENDPOINTS.singleLabel, fileVariant: 'application/pdf' as const };
    const old = { ...ENDPOINTS.shipmentList, deprecated: { since: new Date('2026-11-01'), sunset: new Date('2027-05-01'), link: 'https://portal.example/changes' } };
    const custom = openApiDocument({ endpoints: { singleLabel: endpoint(labels), shipmentList: endpoint(old) } });
    const label = custom.paths['/api/v1/shipments/getLabel/{item_number}']!.get!;
    expect(Object.keys((label.responses as Record<string, { content: Json }>)['200']!.content)).toEqual(['application/json', 'application/pdf']);
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
});
