// GET /api/v1/shipments/dimensions: the size limits per country, product and delivery type
// (spec section 9), 404 in the error shape when none is defined.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

function dimensions(query: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/v1/shipments/dimensions${query}`, headers: { ...bearer(userToken), ...headers } });
}

async function dimensionsOk(query: string) {
  const res = await dimensions(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ height: number; width: number; length: number }>();
}

describe('GET /api/v1/shipments/dimensions', () => {
  it('gives Slovakia width 150', async () => {
    expect(await dimensionsOk('?country=SK')).toEqual({ height: 60, width: 150, length: 60 });
    expect(await dimensionsOk('?country=SK&product=PRM&delivery_type=home_delivery')).toEqual({ height: 60, width: 150, length: 60 });
  });

  it('gives Austria width 100', async () => {
    expect(await dimensionsOk('?country=AT&product=TRC&delivery_type=home_delivery')).toEqual({ height: 60, width: 100, length: 60 });
  });

  it('gives Spain 50/40/120 (width/height/length)', async () => {
    expect(await dimensionsOk('?country=ES')).toEqual({ height: 40, width: 50, length: 120 });
  });

  it('gives other countries the default 120/60/60', async () => {
    for (const country of ['DE', 'CZ', 'AL', 'AD', 'BY']) {
      expect(await dimensionsOk(`?country=${country}`), country).toEqual({ height: 60, width: 120, length: 60 });
    }
  });

  it('reads a lower-case country', async () => {
    expect(await dimensionsOk('?country=sk')).toEqual({ height: 60, width: 150, length: 60 });
  });

  it('makes a parcel locker tighter than home delivery', async () => {
    for (const country of ['SK', 'CZ', 'PL', 'HU']) {
      const home = await dimensionsOk(`?country=${country}&product=PRM&delivery_type=home_delivery`);
      const locker = await dimensionsOk(`?country=${country}&product=PRM&delivery_type=parcel_locker`);
      expect(locker.width, country).toBeLessThanOrEqual(home.width);
      expect(locker.height, country).toBeLessThan(home.height);
      expect(locker.length, country).toBeLessThanOrEqual(home.length);
    }
    expect(await dimensionsOk('?country=SK&product=PRM&delivery_type=parcel_locker')).toEqual({ height: 39, width: 61, length: 60 });
  });

  it('answers 404 with the error body for an unknown country', async () => {
    const res = await dimensions('?country=XX');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('not_found');
    expect(body.message).toMatch(/\S/);
    expect(body).not.toHaveProperty('width');
  });

  it("answers the 404 message in the caller's language", async () => {
    const en = await dimensions('?country=XX', { 'accept-language': 'en' });
    const sk = await dimensions('?country=XX', { 'accept-language': 'sk' });
    expect(sk.statusCode).toBe(404);
    expect(sk.json<{ message: string }>().message).toMatch(/\S/);
    expect(en.json<{ message: string }>().message).toBe('Dimensions not found. Please contact support');
  });

  it.each([
    ['no country', ''],
    ['a 3-letter country', '?country=SVK'],
    ['an unknown product', '?country=SK&product=EXPRESS'],
    ['an unknown delivery type', '?country=SK&delivery_type=drone'],
  ])('answers 400 to %s', async (_label, query) => {
    const res = await dimensions(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('validation_failed');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shipments/dimensions?country=SK' })).statusCode).toBe(401);
  });
});
