import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ pickupWidgets: { CZ: 'https://widget.example.cz/map?lang=cs' } });
  ({ token } = await signIn(t.app, 'demo-user', 'demo-user-secret'));
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${token}` });

describe('GET /api/v1/config', () => {
  it('tells the web app which countries use a partner map widget', async () => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pickup_widgets: { CZ: 'https://widget.example.cz/map?lang=cs' } });
  });

  it('lets only the configured widget origins be framed', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain('frame-src https://widget.example.cz');
  });

  it('requires a signed-in client', async () => {
    expect((await t.app.inject({ url: '/api/v1/config' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/pickup-points/:id', () => {
  it('answers an active point of the directory, whatever the case of the id', async () => {
    const list = await t.app.inject({ url: '/api/v1/pickup-points?country=CZ&type=parcel_locker', headers: auth() });
    const first = list.json<{ points: Array<{ id: string }> }>().points[0]!;
    const res = await t.app.inject({ url: `/api/v1/pickup-points/${first.id.toLowerCase()}`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, country: 'CZ', delivery_method: 'parcel_locker', distance_km: null });
  });

  it('answers 404 for an unknown or inactive point', async () => {
    for (const id of ['NOPE123', 'ONEBOX10099']) {
      const res = await t.app.inject({ url: `/api/v1/pickup-points/${id}`, headers: auth() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});
