// Admin partner settings: GET /api/v1/admin/partners and PATCH /api/v1/admin/partners/{id}
// (the public tracking page template behind tracking links); ADMIN only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Partner } from '#shared/contract/tracking.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer } from './shipments-fixtures.ts';

let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t.app, DEMO.admin.clientId, DEMO.admin.secret)).token;
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

const list = (token = adminToken) => t.app.inject({ method: 'GET', url: '/api/v1/admin/partners', headers: bearer(token) });
const patch = (id: number | string, payload: unknown, token = adminToken) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/admin/partners/${id}`, headers: { ...bearer(token), 'accept-language': 'en' }, payload: payload as Record<string, unknown> });

describe('GET /api/v1/admin/partners', () => {
  it('lists every partner by id with its template', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const partners = res.json<Partner[]>();
    expect(partners.map((p) => [p.id, p.code])).toEqual(Object.entries(PARTNERS).map(([code, id]) => [id, code]).sort((a, b) => Number(a[0]) - Number(b[0])));
    for (const p of partners) {
      expect(Object.keys(p).sort()).toEqual(['code', 'id', 'name', 'tracking_url_template']);
      expect(p.tracking_url_template === null || p.tracking_url_template.includes('{tracking_number}')).toBe(true);
    }
  });

  it('answers 403 to a USER and 401 without a bearer', async () => {
    expect((await list(userToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/partners' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/admin/partners/{id}', () => {
  it('sets and clears the template', async () => {
    const template = 'https://tracking.example.com/sps?parcel={tracking_number}';
    const res = await patch(PARTNERS.SPS, { tracking_url_template: `  ${template}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: PARTNERS.SPS, code: 'SPS', name: 'Slovak Parcel Service', tracking_url_template: template });
    expect((await list()).json<Partner[]>().find((p) => p.id === PARTNERS.SPS)!.tracking_url_template).toBe(template);

    const cleared = await patch(PARTNERS.SPS, { tracking_url_template: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Partner>().tracking_url_template).toBeNull();
  });

  it.each([
    ['http://tracking.example.com/{tracking_number}'],
    ['https://tracking.example.com/parcel'],
    ['https://tracking.example.com/{tracking_number} x'],
    [''],
    [`https://tracking.example.com/{tracking_number}?${'a'.repeat(500)}`],
    [42],
  ])('answers 400 with a field error to %j', async (value) => {
    const res = await patch(PARTNERS.SPS, { tracking_url_template: value });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe('validation_failed');
    expect(body.errors.tracking_url_template?.length).toBeGreaterThan(0);
  });

  it('answers the template message in words', async () => {
    const res = await patch(PARTNERS.SPS, { tracking_url_template: 'https://tracking.example.com/parcel' });
    expect(res.json<{ errors: Record<string, string[]> }>().errors.tracking_url_template).toEqual([
      'Use an https:// address that contains the tracking number placeholder',
    ]);
  });

  it('answers 400 to a missing field or a bad id, 404 to an unknown id', async () => {
    expect((await patch(PARTNERS.SPS, {})).statusCode).toBe(400);
    for (const id of ['abc', '0', '1.5', '-3', '99999999999']) {
      const res = await patch(id, { tracking_url_template: null });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('id');
    }
    const unknown = await patch(5, { tracking_url_template: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toBe('not_found');
  });

  it('answers 403 to a USER and changes nothing', async () => {
    const res = await patch(PARTNERS.SPS, { tracking_url_template: 'https://evil.example.com/{tracking_number}' }, userToken);
    expect(res.statusCode).toBe(403);
    expect((await list()).json<Partner[]>().find((p) => p.id === PARTNERS.SPS)!.tracking_url_template).not.toBe('https://evil.example.com/{tracking_number}');
  });
});
