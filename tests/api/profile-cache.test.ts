// GET /api/v1/profile from the profiles this instance read lately (features/profile/profile-cache.ts):
// a change made here shows at once (the client's own, an administrator's), a change made
// elsewhere (another instance, straight in the database) within the stated bound.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '#shared/contract/profile.ts';
import type { Db } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import { profileCache } from '#server/features/profile/profile-cache.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
let user: string;
let admin: string;
let userRowId: string;

beforeAll(async () => {
  // A bound long enough that only an invalidation can explain a fresh answer.
  t = await createTestApp({ clientStatusCacheMs: 60_000 });
  user = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  admin = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  const [row] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  userRowId = row!.id;
});

afterAll(async () => {
  await t?.close();
});

const profile = async (token = user) => {
  const res = await t.app.inject({ url: '/api/v1/profile', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<Profile>();
};

/** A change the instance did not make: another instance's, or a script's. */
const renameElsewhere = (name: string) => t.database.db.update(clients).set({ name }).where(eq(clients.id, userRowId));

describe('GET /api/v1/profile', () => {
  it('keeps what it read for the stated bound when the change was made elsewhere', async () => {
    const before = await profile();
    await renameElsewhere('Changed Elsewhere');

    expect((await profile()).name).toBe(before.name);
  });

  it('shows the client’s own change at once', async () => {
    await profile();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${user}` },
      payload: { name: 'Jana Nová', email: 'jana.nova@example.com', phone: '+421 900 123 456' },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await profile()).toMatchObject({ name: 'Jana Nová', email: 'jana.nova@example.com', phone: '+421 900 123 456' });
  });

  it('shows an administrator’s change made here at once', async () => {
    await profile();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/client/${userRowId}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { enabled: true, email: 'renamed@example.com', phone: '', name: 'Renamed By Admin', role: 'USER' },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await profile()).toMatchObject({ name: 'Renamed By Admin', email: 'renamed@example.com' });
  });

  it('keeps the profiles when an administrator’s write is refused', async () => {
    await profile();
    await renameElsewhere('Not Seen Yet');
    const refused = await t.app.inject({ method: 'PUT', url: `/api/v1/admin/client/${userRowId}`, headers: { authorization: `Bearer ${admin}` }, payload: { enabled: true } });
    expect(refused.statusCode).toBe(400);

    expect((await profile()).name).toBe('Renamed By Admin');
  });
});

describe('profileCache', () => {
  /** Counts the queries a Db starts (its select calls). */
  function counting(db: Db): { db: Db; selects: () => number } {
    let selects = 0;
    const proxy = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'select') selects++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    return { db: proxy, selects: () => selects };
  }

  const principalOf = async () => {
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, userRowId));
    return { clientId: row!.id, companyId: row!.companyId, role: row!.role };
  };

  it('reads once per client and bound, and once for requests that arrive together', async () => {
    let now = 1_000_000;
    const { db, selects } = counting(t.database.db);
    const cache = profileCache(db, 5_000, () => now);
    const principal = await principalOf();

    const together = await Promise.all(Array.from({ length: 20 }, () => cache.read(principal)));
    expect(selects()).toBe(1);
    expect(new Set(together).size).toBe(1);

    now += 4_999;
    await cache.read(principal);
    expect(selects()).toBe(1);

    now += 2;
    await renameElsewhere('After The Bound');
    expect((await cache.read(principal)).name).toBe('After The Bound');
    expect(selects()).toBe(2);
  });

  it('does not keep a read that started before a forget', async () => {
    const { db, selects } = counting(t.database.db);
    const cache = profileCache(db, 60_000);
    const principal = await principalOf();

    const started = cache.read(principal);
    cache.forget(principal.clientId);
    await started;
    await cache.read(principal);
    expect(selects()).toBe(2);

    cache.forgetAll();
    await cache.read(principal);
    expect(selects()).toBe(3);
  });

  it('keeps nothing with a bound of 0', async () => {
    const { db, selects } = counting(t.database.db);
    const cache = profileCache(db, 0);
    const principal = await principalOf();

    await cache.read(principal);
    await cache.read(principal);
    expect(selects()).toBe(2);
  });
});
