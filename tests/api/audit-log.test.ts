// The audit log (issue 30, "Audit"): a client's own profile changes and password changes and the
// partners' tracking page template are audited (who, what, when, the changed fields before and
// after, never a secret); GET /api/v1/admin/audit shows ADMIN every entry, those filed under no
// company too, filtered by company, actor, kind of record, action and days; every client role 403.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '#shared/contract/admin-audit.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { auditLog, clients } from '#server/db/schema.ts';
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

let t: TestApp;
let adminToken: string;
let adminId: string;
let demoCompany: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const [admin] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.admin.clientId));
  adminId = admin!.id;
  const [user] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  demoCompany = user!.companyId;
});

afterAll(async () => {
  await t?.close();
});

/** A client of the demo user's company of its own, signed in. */
async function newClient(login: string, secret = 'Initial-Secret-41', role: 'USER' | 'OFFICER' | 'REPORTER' = 'USER') {
  const [created] = await t.database.db
    .insert(clients)
    .values({ companyId: demoCompany, clientId: login, secretHash: await hashSecret(secret), name: 'Jana Nováková', email: `${login}@example.com`, role })
    .returning({ id: clients.id });
  return { id: created!.id, ...(await signIn(t.app, login, secret)) };
}

const entriesOf = (entityId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.id));

describe("a client's own changes are audited", () => {
  it('records a profile change: the client as actor, its company, the changed fields before and after', async () => {
    const client = await newClient('audit-profile');
    const startedAt = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: bearer(client.token),
      payload: { name: 'Jana Nováková', email: 'jana.new@example.com', phone: '+421 900 111 222' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...others] = await entriesOf(client.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: client.id,
      companyId: demoCompany,
      entity: 'client',
      action: 'update',
      // The name did not change: only e-mail and phone.
      before: { email: 'audit-profile@example.com', phone: '' },
      after: { email: 'jana.new@example.com', phone: '+421 900 111 222' },
    });
    expect(entry!.at.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);

    // Saving the same values again records nothing.
    await t.app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(client.token), payload: { name: 'Jana Nováková', email: 'jana.new@example.com', phone: '+421 900 111 222' } });
    expect(await entriesOf(client.id)).toHaveLength(1);
  });

  it('records a password change without the password or its hash', async () => {
    const client = await newClient('audit-secret');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-secret',
      headers: bearer(client.token),
      payload: { oldSecret: 'Initial-Secret-41', newSecret: 'Brand-New-Passphrase-77' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entriesOf(client.id);
    expect(entry).toMatchObject({ actorId: client.id, companyId: demoCompany, entity: 'client', action: 'update', before: null, after: { secretChanged: true } });
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
    const stored = JSON.stringify(entry);
    expect(stored).not.toContain('Brand-New-Passphrase-77');
    expect(stored).not.toContain('Initial-Secret-41');
    expect(stored).not.toContain(row!.secretHash);
  });

  it('records nothing for a refused password change', async () => {
    const client = await newClient('audit-secret-wrong');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-secret',
      headers: bearer(client.token),
      payload: { oldSecret: 'not-the-secret', newSecret: 'Brand-New-Passphrase-77' },
    });
    expect(res.statusCode).toBe(400);
    expect(await entriesOf(client.id)).toEqual([]);
  });
});

describe("the partners' tracking page template is audited", () => {
  const patch = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/admin/partners/${PARTNERS.POST_HU}`, headers: { ...bearer(adminToken), 'accept-language': 'en' }, payload });

  it('records the admin, no company, and the template before and after', async () => {
    const [before] = await t.app.inject({ method: 'GET', url: '/api/v1/admin/partners', headers: bearer(adminToken) }).then((r) => r.json<{ id: number; tracking_url_template: string | null }[]>().filter((p) => p.id === PARTNERS.POST_HU));
    const template = 'https://track.example.com/gls?n={tracking_number}';
    expect((await patch({ tracking_url_template: template })).statusCode).toBe(200);
    const [entry] = await entriesOf(String(PARTNERS.POST_HU));
    expect(entry).toMatchObject({
      actorId: adminId,
      companyId: null,
      entity: 'partner',
      action: 'update',
      before: { tracking_url_template: before!.tracking_url_template },
      after: { tracking_url_template: template },
    });

    // Cleared: null after; the same value again: no entry.
    expect((await patch({ tracking_url_template: null })).statusCode).toBe(200);
    expect((await entriesOf(String(PARTNERS.POST_HU)))[0]).toMatchObject({ before: { tracking_url_template: template }, after: { tracking_url_template: null } });
    expect((await patch({ tracking_url_template: null })).statusCode).toBe(200);
    expect(await entriesOf(String(PARTNERS.POST_HU))).toHaveLength(2);
  });
});

describe('GET /api/v1/admin/audit', () => {
  const read = (query = '', token = adminToken) => t.app.inject({ method: 'GET', url: `/api/v1/admin/audit${query}`, headers: { ...bearer(token), 'accept-language': 'en' } });
  const logOf = async (query = '') => {
    const res = await read(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditLog>();
  };
  let companyId = '';
  let keyId = '';

  beforeAll(async () => {
    // An admin's change of a company (filed under it) and a partner key (filed under none).
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/company',
      headers: bearer(adminToken),
      payload: { name: 'Audit Trail s.r.o.', street: 'Hlavná 1', zip: '811 01', city: 'Bratislava', country: 'SK', companyIdentificationNumber: '55443320', taxIdentificationNumber: '2020202019' },
    });
    expect(created.statusCode, created.body).toBe(201);
    companyId = created.json<{ id: string }>().id;
    const key = await t.app.inject({ method: 'POST', url: `/api/v1/admin/partners/${PARTNERS.SPS}/keys`, headers: bearer(adminToken) });
    expect(key.statusCode, key.body).toBeLessThan(300);
    keyId = key.json<{ id: string }>().id;
  });

  it('shows ADMIN every entry, newest first, those without a company too, with who, when and what', async () => {
    const log = await logOf();
    expect(log.count).toBeGreaterThanOrEqual(2);
    expect(log.entries.map((e) => e.id)).toEqual([...log.entries.map((e) => e.id)].sort((a, b) => b - a));
    const key = log.entries.find((e) => e.entity === 'partner' && e.after?.key_id === keyId);
    expect(key).toMatchObject({ companyId: null, companyName: null, actorLogin: DEMO.admin.clientId, entityId: String(PARTNERS.SPS), action: 'create' });
    expect(JSON.stringify(log)).not.toMatch(/secret_|"secret"/);
    const company = log.entries.find((e) => e.entity === 'company' && e.entityId === companyId);
    expect(company).toMatchObject({ companyId, companyName: 'Audit Trail s.r.o.', action: 'create', before: null });
    expect(Date.parse(company!.at)).not.toBeNaN();
  });

  it('filters by company, by no company, by actor, kind of record, action and days', async () => {
    const ofCompany = await logOf(`?company=${companyId}`);
    expect(ofCompany.count).toBe(1);
    expect(ofCompany.entries.every((e) => e.companyId === companyId)).toBe(true);

    const network = await logOf('?company=none');
    expect(network.count).toBeGreaterThanOrEqual(1);
    expect(network.entries.every((e) => e.companyId === null)).toBe(true);
    expect(network.entries.some((e) => e.after?.key_id === keyId)).toBe(true);

    const client = await newClient('audit-actor-filter');
    await t.app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(client.token), payload: { name: 'Auditor Actor', email: 'actor@example.com', phone: '' } });
    const byActor = await logOf('?actor=ACTOR-FILTER');
    expect(byActor.count).toBe(1);
    expect(byActor.entries[0]).toMatchObject({ actor: 'Auditor Actor', actorLogin: 'audit-actor-filter', entity: 'client', entityId: client.id });
    expect((await logOf('?actor=auditor%20act')).count).toBe(1);
    // LIKE's wildcards are taken literally.
    expect((await logOf('?actor=%25')).count).toBe(0);

    const creates = await logOf('?entity=company&action=create');
    expect(creates.entries.length).toBeGreaterThan(0);
    expect(creates.entries.every((e) => e.entity === 'company' && e.action === 'create')).toBe(true);
    expect((await logOf('?entity=webhook&action=delete')).count).toBe(0);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava' }).format(new Date());
    expect((await logOf(`?from=${today}&to=${today}`)).count).toBe((await logOf()).count);
    expect((await logOf('?to=2001-01-01')).count).toBe(0);
    expect((await logOf('?from=2099-01-01')).count).toBe(0);
  });

  it('pages with skip and take, the count staying the total', async () => {
    const all = await logOf();
    const first = await logOf('?take=1');
    const second = await logOf('?take=1&skip=1');
    expect(first.count).toBe(all.count);
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
  });

  it('refuses bad filters with field errors', async () => {
    for (const [query, field] of [
      ['?company=acme', 'company'],
      ['?entity=shipment', 'entity'],
      ['?action=purge', 'action'],
      ['?from=2026-02-30', 'from'],
      ['?from=2026-05-02&to=2026-05-01', 'to'],
      ['?take=101', 'take'],
    ] as const) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), query).toContain(field);
    }
  });

  it('answers 403 to every client role and 401 without a bearer', async () => {
    for (const role of ['USER', 'OFFICER', 'REPORTER'] as const) {
      const client = await newClient(`audit-reader-${role.toLowerCase()}`, 'Initial-Secret-41', role);
      expect((await read('', client.token)).statusCode, role).toBe(403);
      expect((await read('?company=none', client.token)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/audit' })).statusCode).toBe(401);
  });
});
