// Per-company budgets on writes and heavy reads (issue 29 item 6, README "Rate limits"): every
// answer of a limited route announces its budget with the IETF RateLimit-Policy and RateLimit
// fields (and the X-RateLimit-* names); past the quota a 429 with Retry-After and a message in the
// caller's language. The budget is the company's, whichever of its accounts calls, and another
// company's is untouched.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS } from '#shared/contract/endpoints.ts';
import { COMPANY_RATE_LIMITS } from '#shared/domain/rate-limits.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { clients } from '#server/db/schema.ts';
import { translator } from '#server/i18n.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, postShipment, shipmentPayload } from './shipments-fixtures.ts';

const QUOTA = 3;
let t: TestApp;
let user: string;
let user2: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ companyRateLimits: { shipment_writes: { quota: QUOTA, windowSeconds: 60 } } });
  user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  user2 = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
  admin = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** The RateLimit field's item for `name`: remaining and reset seconds. */
function stateOf(header: unknown, name: string): { r: number; t: number } {
  const item = String(header)
    .split(/,\s*/)
    .find((entry) => entry.startsWith(`"${name}";`));
  const match = /;r=(\d+);t=(\d+)$/.exec(item ?? '');
  if (!match) throw new Error(`no RateLimit item for ${name} in ${String(header)}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

/** A second account of demo-user's company, registered by the admin as a shop's second system would be. */
async function secondAccountOfUsersCompany(): Promise<string> {
  const [row] = await t.database.db.select({ company: clients.companyId }).from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  const company = row!.company;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/client/register',
    headers: bearer(admin),
    payload: { company, client: { clientId: 'green-garden-erp', name: 'ERP', email: 'erp@example.sk' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await signIn(t.app, 'green-garden-erp', res.json<{ secret: string }>().secret)).token;
}

describe('per-company budgets', () => {
  it('announces the budget on each create, refuses past it with Retry-After in the caller’s language, per company', async () => {
    const erp = await secondAccountOfUsersCompany();
    const remaining: number[] = [];
    for (const token of [user, erp, user]) {
      const res = await postShipment(t.app, token, shipmentPayload());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['ratelimit-policy']).toBe(`"shipment_writes";q=${QUOTA};w=60`);
      const state = stateOf(res.headers.ratelimit, 'shipment_writes');
      expect(state.t).toBeGreaterThan(0);
      expect(state.t).toBeLessThanOrEqual(60);
      expect(res.headers['x-ratelimit-limit']).toBe(String(QUOTA));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(state.r));
      remaining.push(state.r);
    }
    // Both accounts spend the company's one budget.
    expect(remaining).toEqual([2, 1, 0]);

    const refused = await postShipment(t.app, erp, shipmentPayload(), { 'accept-language': 'sk', 'idempotency-key': 'rate-limited-create' });
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(stateOf(refused.headers.ratelimit, 'shipment_writes')).toEqual({ r: 0, t: wait });
    expect(refused.json()).toMatchObject({ error: 'too_many_requests', message: translator('sk')(serverMessages.companyRateLimited, { seconds: wait }) });
    // The wizard and the deletes count against the same budget.
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/shipments/PP0000000000', headers: bearer(user) });
    expect(del.statusCode).toBe(429);

    // Another company is untouched.
    const other = await postShipment(t.app, user2, shipmentPayload());
    expect(other.statusCode, other.body).toBe(201);
    expect(stateOf(other.headers.ratelimit, 'shipment_writes').r).toBe(QUOTA - 1);
  });

  it('names its budget on every answer of each limited route, refusals included, and only there', async () => {
    const limited = Object.entries(ENDPOINTS as Record<string, EndpointDefinition>).filter(([, e]) => e.limit);
    expect(limited.map(([, e]) => e.limit).sort()).toEqual(expect.arrayContaining(Object.keys(COMPANY_RATE_LIMITS)));
    for (const [name, endpoint] of limited) {
      // A request the route refuses (unknown row, empty body) still counts and says so.
      const url = endpoint.path.replace(/:(\w+)/g, (_m, param: string) => (param.includes('id') && param !== 'item_number' ? '00000000-0000-4000-8000-000000000000' : 'PP0000000000'));
      const res = await t.app.inject({ method: endpoint.method, url, headers: bearer(user2), ...(endpoint.method === 'GET' ? {} : { payload: {} }) });
      const policy = t.app.companyLimits.policies[endpoint.limit!];
      expect(res.headers['ratelimit-policy'], name).toContain(`"${endpoint.limit}";q=${policy.quota};w=${policy.windowSeconds}`);
      expect(stateOf(res.headers.ratelimit, endpoint.limit!).r, name).toBeLessThan(policy.quota);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/shipments', headers: bearer(user2) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['ratelimit-policy']).toBeUndefined();
  });

  it('a report announces both of its budgets: the account’s and the company’s', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/shipments/report', headers: bearer(user2), payload: {} });
    expect(String(res.headers['ratelimit-policy'])).toMatch(/^"reports";q=\d+;w=60, "reports_per_account";q=\d+;w=60$/);
    expect(stateOf(res.headers.ratelimit, 'reports_per_account').r).toBeGreaterThan(0);
  });

  it('public tracking announces its per-address budget', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/tracking/CP000000000SK', remoteAddress: '10.9.0.1' });
    const second = await t.app.inject({ method: 'GET', url: '/api/v1/tracking/CP000000000SK', remoteAddress: '10.9.0.1' });
    expect(first.headers['ratelimit-policy']).toMatch(/^"tracking_lookups";q=\d+;w=60$/);
    expect(stateOf(second.headers.ratelimit, 'tracking_lookups').r).toBe(stateOf(first.headers.ratelimit, 'tracking_lookups').r - 1);
  });
});

describe('per-company budgets on counters in the database (several instances)', () => {
  let shared: TestApp;

  beforeAll(async () => {
    shared = await createTestApp({ sharedLimits: true, companyRateLimits: { labels: { quota: 2, windowSeconds: 60 } } });
  }, 180_000);

  afterAll(async () => {
    await shared?.close();
  });

  it('counts in the shared rate_limits rows and refuses past the quota', async () => {
    const token = (await signIn(shared.app, DEMO.user.clientId, DEMO.user.secret)).token;
    const get = () => shared.app.inject({ method: 'GET', url: '/api/v1/shipments/getLabel/PP0000000000', headers: bearer(token) });
    expect(stateOf((await get()).headers.ratelimit, 'labels').r).toBe(1);
    expect(stateOf((await get()).headers.ratelimit, 'labels').r).toBe(0);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
