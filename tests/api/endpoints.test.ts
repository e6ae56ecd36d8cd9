// The endpoint table (src/shared/contract/endpoints.ts) is what the server serves: every entry is
// a registered route, and each role meets exactly the permissions the table declares for it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '#shared/contract/endpoint.ts';
import { ENDPOINTS } from '#shared/contract/endpoints.ts';
import { CLIENT_ROLES, can } from '#shared/domain/roles.ts';
import { clients } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  if (!user) throw new Error('demo-user missing');
  const secretHash = await hashSecret('role-test-secret');
  for (const role of ['OFFICER', 'REPORTER'] as const) {
    await t.database.db.insert(clients).values({ companyId: user.companyId, clientId: `demo-${role.toLowerCase()}`, secretHash, name: role, email: `${role.toLowerCase()}@example.com`, role });
    tokens[role] = (await signIn(t.app, `demo-${role.toLowerCase()}`, 'role-test-secret')).token;
  }
  tokens.USER = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

describe('the endpoint table', () => {
  it('is what the server serves: every endpoint is a registered route', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${name}: ${endpoint.method} ${endpoint.path}`).toBe(true);
    }
  });

  it('declares for every endpoint whose data it touches, naming only fields the request has', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS as Record<string, EndpointDefinition>)) {
      const data = endpoint.companyData;
      expect(data, name).toBeDefined();
      if (typeof data === 'string') {
        expect(['none', 'caller'], name).toContain(data);
        continue;
      }
      for (const field of Object.keys(data.names.params ?? {})) expect(endpoint.path, `${name}: :${field}`).toContain(`:${field}`);
      for (const part of ['params', 'query', 'body'] as const) {
        if (data.names[part]) expect(endpoint[part], `${name} names ${part} fields but has no ${part}`).toBeDefined();
      }
      // "Only its own company's" is a rule for signed-in callers who create rows.
      if (data.admin === 'own') expect(endpoint.access, name).toBe('client');
    }
  });

  it('refuses an /api route registered without an access', async () => {
    const { createApp } = await import('#server/app.ts');
    const app = await createApp({ db: t.database.db, webRoot: null });
    expect(() => app.get('/api/v1/unguarded', async () => ({}))).toThrow(/no access/);
    await app.close();
  });
});

describe('role permissions', () => {
  // Each guarded write with a body the schema refuses: a role that may act gets 400 (it passed the
  // role check and failed validation), a role that may not gets 403 before anything is read.
  const guarded = Object.entries(ENDPOINTS as Record<string, EndpointDefinition>).flatMap(([name, e]) => (e.permission ? [{ name, endpoint: e, permission: e.permission }] : []));

  it.each(CLIENT_ROLES)('%s meets exactly the permissions declared for it', async (role) => {
    expect(guarded.length).toBeGreaterThanOrEqual(6);
    for (const { name, endpoint, permission } of guarded) {
      const url = endpoint.path.replace(/:([a-z_]+)/g, 'PP0000000000');
      const res = await t.app.inject({ method: endpoint.method, url, headers: { authorization: `Bearer ${tokens[role]}` }, payload: { not: 'valid' } });
      const allowed = can(role, permission);
      expect(res.statusCode === 403, `${role} ${name} answered ${res.statusCode}`).toBe(!allowed);
      if (!allowed) expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
  });

  it('lets a REPORTER read its company’s shipments and manifests', async () => {
    for (const url of ['/api/v1/shipments', '/api/v1/manifests', '/api/v1/shipments/import', '/api/v1/profile']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.REPORTER}` } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
