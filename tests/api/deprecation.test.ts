// A deprecated endpoint (README "API versioning") says so on every answer: Deprecation (RFC 9745),
// Sunset (RFC 8594) and a Link to what replaces it. No route of v1 is deprecated yet, so fixture
// endpoints go through the same route() as every route of the app.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint, type EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS } from '#shared/contract/endpoints.ts';
import { messages } from '#shared/i18n/messages.ts';
import { ApiError } from '#server/http-errors.ts';
import { deprecationHeaders, route } from '#server/http/route.ts';
import { errors } from '#server/plugins/errors.ts';

const SINCE = new Date('2026-12-01T00:00:00Z');
const SUNSET = new Date('2027-06-30T23:59:59Z');
const answer = z.object({ ok: z.boolean() });
const query = z.object({ fail: z.optional(z.literal('yes')) });

const oldEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/fixture/old',
  access: 'public',
  companyData: 'none',
  query,
  answer,
  deprecated: { since: SINCE, sunset: SUNSET, link: 'https://portal.example/docs#api-versioning' },
});
const currentEndpoint = endpoint({ method: 'GET', path: '/api/v1/fixture/current', access: 'public', companyData: 'none', answer });

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  await app.register(errors);
  route(app, oldEndpoint, async ({ query: { fail } }) => {
    if (fail) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { fail: [messages.invalidValue] } });
    return { ok: true };
  });
  route(app, currentEndpoint, async () => ({ ok: true }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('deprecated endpoints', () => {
  it('answer Deprecation, Sunset and the Link to the notice', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/fixture/old' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers.deprecation).toBe(`@${SINCE.getTime() / 1000}`);
    expect(res.headers.sunset).toBe('Wed, 30 Jun 2027 23:59:59 GMT');
    expect(res.headers.link).toBe('<https://portal.example/docs#api-versioning>; rel="deprecation"; type="text/html"');
  });

  it('say so on refusals too: bad input and a failed handler', async () => {
    const schema = await app.inject({ method: 'GET', url: '/api/v1/fixture/old?fail=no' });
    const handler = await app.inject({ method: 'GET', url: '/api/v1/fixture/old?fail=yes' });
    for (const res of [schema, handler]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers.deprecation).toBe(`@${SINCE.getTime() / 1000}`);
      expect(res.headers.sunset).toBe(SUNSET.toUTCString());
    }
    expect(handler.json()).toMatchObject({ error: 'validation_failed', codes: { fail: ['invalid_value'] } });
  });

  it('leave other endpoints alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/fixture/current' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.deprecation).toBeUndefined();
    expect(res.headers.sunset).toBeUndefined();
  });

  it('makes no Link without a notice page', () => {
    expect(deprecationHeaders({ since: SINCE, sunset: SUNSET })).toEqual({ deprecation: '@1796083200', sunset: 'Wed, 30 Jun 2027 23:59:59 GMT' });
  });

  it('lists which endpoints of the table are deprecated (none in v1 yet): each with a sunset after its deprecation', () => {
    const table: Record<string, EndpointDefinition> = ENDPOINTS;
    const deprecated = Object.entries(table).flatMap(([name, e]) => (e.deprecated ? [[name, e.deprecated] as const] : []));
    for (const [name, d] of deprecated) expect(d.sunset.getTime(), name).toBeGreaterThan(d.since.getTime());
    expect(deprecated.map(([name]) => name)).toEqual([]);
  });
});
