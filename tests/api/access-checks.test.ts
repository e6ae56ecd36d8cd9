// What each authenticated request checks, made cheap (issue 19) without weakening issue 18's
// rules: a token's signature is verified once per instance and remembered until it expires
// (access-tokens.ts); whether its client is enabled and its session not ended is answered from
// what the instance read within ACTIVE_CACHE_MS, one query per client at a time (active-clients.ts).
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '#shared/domain/limits.ts';
import type { Db } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import { accessTokens, type SessionPrincipal } from '#server/features/auth/access-tokens.ts';
import { activeClients } from '#server/features/auth/active-clients.ts';
import { createTestApp, DEMO, type TestApp } from '../setup/test-app.ts';

const KEY = new TextEncoder().encode('k'.repeat(40));

let t: TestApp;
let principal: SessionPrincipal;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.select().from(clients).where(eq(clients.clientId, DEMO.user.clientId));
  principal = { clientId: row!.id, companyId: row!.companyId, role: row!.role, sessionId: crypto.randomUUID() };
});

afterAll(async () => {
  await t?.close();
});

/** Counts the queries a Db starts (its select and selectDistinct calls). */
function counting(db: Db): { db: Db; queries: () => number } {
  let queries = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select' || property === 'selectDistinct') queries++;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: proxy, queries: () => queries };
}

const setEnabled = (enabled: boolean) => t.database.db.update(clients).set({ enabled }).where(eq(clients.id, principal.clientId));

describe('accessTokens', () => {
  it('verifies a token once and answers it from memory until it expires', async () => {
    let now = Date.now();
    const tokens = accessTokens(KEY, ACCESS_TOKEN_TTL_SECONDS, () => now);
    const { token } = await tokens.sign(principal);

    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual(principal);
    expect(tokens.known(token)).toEqual(principal);

    now += ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000;
    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never remembers a token that does not verify', async () => {
    const tokens = accessTokens(KEY);
    const { token } = await tokens.sign(principal);
    const forged = await accessTokens(new TextEncoder().encode('f'.repeat(40))).sign(principal);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const withoutSession = await new SignJWT({ cid: principal.companyId, role: principal.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(principal.clientId)
      .setIssuer('parcel-portal')
      .setExpirationTime('5m')
      .sign(KEY);

    for (const bad of [forged.token, tampered, withoutSession, 'not.a.token']) {
      expect(await tokens.verify(bad)).toBeNull();
      expect(tokens.known(bad)).toBeUndefined();
    }
  });
});

describe('activeClients', () => {
  it('answers from what it read within the bound, without a query, and asks again after it', async () => {
    let now = 1_000_000;
    const { db, queries } = counting(t.database.db);
    const active = activeClients(db, 5_000, () => now);

    expect(active.allowsNow(principal)).toBeUndefined();
    expect(await active.allows(principal)).toBe(true);
    const afterFirst = queries();
    expect(afterFirst).toBe(2); // the client, and the sessions ended lately

    expect(active.allowsNow(principal)).toBe(true);
    expect(await active.allows(principal)).toBe(true);
    expect(queries()).toBe(afterFirst);

    await setEnabled(false);
    try {
      // Disabled on another instance: seen here within the bound, not before.
      now += 4_999;
      expect(active.allowsNow(principal)).toBe(true);
      now += 2;
      expect(active.allowsNow(principal)).toBeUndefined();
      expect(await active.allows(principal)).toBe(false);
      expect(queries()).toBe(afterFirst + 2);
    } finally {
      await setEnabled(true);
    }
  });

  it('asks once for a client whatever the number of requests waiting for it', async () => {
    const { db, queries } = counting(t.database.db);
    const active = activeClients(db, 5_000);

    const answers = await Promise.all(Array.from({ length: 50 }, () => active.allows(principal)));

    expect(answers.every(Boolean)).toBe(true);
    expect(queries()).toBe(2);
  });

  it('refuses a session ended here at once, and a client changed here at once', async () => {
    const active = activeClients(t.database.db, 60_000);
    expect(await active.allows(principal)).toBe(true);

    active.sessionsEnded([principal.sessionId]);
    expect(active.allowsNow(principal)).toBe(false);
    expect(await active.allows({ ...principal, sessionId: crypto.randomUUID() })).toBe(true);

    await setEnabled(false);
    try {
      active.forget(principal.clientId);
      expect(active.allowsNow(principal)).toBeUndefined();
      expect(await active.allows({ ...principal, sessionId: crypto.randomUUID() })).toBe(false);
    } finally {
      await setEnabled(true);
    }
  });

  it('does not keep what a lookup read before a change made here', async () => {
    const active = activeClients(t.database.db, 60_000);
    const other = { ...principal, sessionId: crypto.randomUUID() };

    // The lookup is under way when the client is disabled and forgotten here.
    const started = active.allows(other);
    await setEnabled(false);
    try {
      active.forget(principal.clientId);
      await started;
      expect(active.allowsNow(other)).toBeUndefined();
      expect(await active.allows(other)).toBe(false);
    } finally {
      await setEnabled(true);
    }
  });
});
