// The audit log (issue 30, "Audit"): a client's own profile changes and password changes and the
// partners' tracking page template are audited (who, what, when, the changed fields before and
// after, never a secret).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
