// The pickup-point directory (GET /api/v1/pickup-points: country, text, type, distance) and its
// use by shipment creation: a chosen point must be an active one of the destination country, and
// its type decides the stored delivery method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickupPointList } from '#shared/contract/pickup-points.ts';
import { DEMO_PICKUP_POINTS } from '#server/db/seed-pickup-points.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
});

afterAll(async () => {
  await t?.close();
});

const search = (query: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
  t.app.inject({ method: 'GET', url: `/api/v1/pickup-points?${query}`, headers });

async function searchOk(query: string): Promise<PickupPointList> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PickupPointList>();
}

const activeDemo = (country: string) => DEMO_PICKUP_POINTS.filter((p) => p.country === country && p.active !== false);

/** Great-circle distance in km (the same haversine the server computes in SQL). */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

describe('GET /api/v1/pickup-points by country', () => {
  it("answers the country's active points ordered by city and name, 20 by default, with the total count", async () => {
    const body = await searchOk('country=SK');
    expect(body.count).toBe(activeDemo('SK').length);
    expect(body.count).toBeGreaterThan(25);
    expect(body.points).toHaveLength(20);
    expect(body.points.every((p) => p.country === 'SK' && p.partner_id === 3 && p.partner_name === 'Slovak Parcel Service')).toBe(true);
    expect(body.points.every((p) => p.distance_km === null)).toBe(true);
    expect(body.points[0]!.city).toBe('Banská Bystrica');

    const all = await searchOk('country=sk&take=50');
    expect(all.points).toHaveLength(all.count);
    const ids = all.points.map((p) => p.id);
    expect(ids).not.toContain('PT10099'); // out of service
    expect(new Set(all.points.map((p) => p.city))).toEqual(new Set(['Bratislava', 'Košice', 'Žilina', 'Banská Bystrica', 'Nitra', 'Prešov', 'Trnava', 'Trenčín']));
  });

  it('answers each point with its type, delivery method, address and opening hours', async () => {
    const { points } = await searchOk('country=SK&q=PT10001');
    expect(points).toEqual([
      {
        id: 'PT10001',
        partner_id: 3,
        partner_name: 'Slovak Parcel Service',
        country: 'SK',
        type: 'parcel_locker',
        delivery_method: 'parcel_locker',
        name: 'SPS Parcelbox Eurovea',
        street: 'Pribinova 8',
        city: 'Bratislava',
        zip: '811 09',
        latitude: 48.1405,
        longitude: 17.1215,
        opening_hours: { mon: '00:00-24:00', tue: '00:00-24:00', wed: '00:00-24:00', thu: '00:00-24:00', fri: '00:00-24:00', sat: '00:00-24:00', sun: '00:00-24:00' },
        distance_km: null,
      },
    ]);
    const [counter] = (await searchOk('country=SK&q=PS20001')).points;
    expect(counter).toMatchObject({ type: 'pickup_point', delivery_method: 'pickup_point', opening_hours: { mon: '08:00-18:00', sat: '08:00-12:00' } });
    expect(counter!.opening_hours).not.toHaveProperty('sun');
  });

  it('maps every network to its types (HU groups, CZ and PL locker prefixes)', async () => {
    const hu = await searchOk('country=HU&take=50');
    const typeOf = (id: string) => hu.points.find((p) => p.id === id)?.type;
    expect(typeOf('10010001')).toBe('other_pudo');
    expect(typeOf('30010001')).toBe('parcel_locker');
    expect(typeOf('20010001')).toBe('pickup_point');
    expect(typeOf('40010001')).toBe('pickup_point');
    expect(hu.points.every((p) => p.partner_id === 4 && /^\d{4}$/.test(p.zip))).toBe(true);

    const cz = await searchOk('country=CZ&take=50');
    expect(cz.points.every((p) => p.partner_id === 7 && /^\d{3} \d{2}$/.test(p.zip))).toBe(true);
    for (const p of cz.points) expect(p.type, p.id).toBe(/^(ONEBOX|ALZABOX)/.test(p.id) ? 'parcel_locker' : 'pickup_point');

    const pl = await searchOk('country=PL&take=50');
    expect(pl.points.every((p) => p.partner_id === 8 && /^\d{2}-\d{3}$/.test(p.zip))).toBe(true);
    for (const p of pl.points) expect(p.type, p.id).toBe(p.id.startsWith('OXBOX') ? 'parcel_locker' : 'pickup_point');
  });

  it('filters by type', async () => {
    const lockers = await searchOk('country=HU&type=parcel_locker&take=50');
    expect(lockers.count).toBeGreaterThan(0);
    expect(lockers.points.every((p) => p.type === 'parcel_locker' && p.id.startsWith('30'))).toBe(true);
    const other = await searchOk('country=HU&type=other_pudo');
    expect(other.points.map((p) => p.id).sort()).toEqual(['10010001', '10010002', '10030001']);
  });
});

describe('GET /api/v1/pickup-points by text', () => {
  it('matches the city case- and accent-insensitively', async () => {
    for (const q of ['Žilina', 'žILINA', 'zilina']) {
      const body = await searchOk(`country=SK&q=${encodeURIComponent(q)}`);
      expect(body.count, q).toBe(4);
      expect(body.points.every((p) => p.city === 'Žilina'), q).toBe(true);
    }
    const lodz = await searchOk(`country=PL&q=${encodeURIComponent('lodz')}`);
    expect(lodz.count).toBe(3);
    expect(lodz.points.every((p) => p.city === 'Łódź')).toBe(true);
  });

  it('matches the id, the name, the street and the zip', async () => {
    expect((await searchOk('country=SK&q=ps20005')).points.map((p) => p.id)).toEqual(['PS20005']);
    expect((await searchOk('country=CZ&q=alzabox')).points.every((p) => p.id.startsWith('ALZABOX'))).toBe(true);
    expect((await searchOk(`country=SK&q=${encodeURIComponent('eurovea')}`)).points.map((p) => p.id)).toEqual(['PT10001']);
    expect((await searchOk(`country=SK&q=${encodeURIComponent('Einsteinova')}`)).points.map((p) => p.id)).toEqual(['PT10002']);
    for (const zip of ['811 06', '81106']) {
      const body = await searchOk(`country=SK&q=${encodeURIComponent(zip)}`);
      expect(body.points.map((p) => p.id).sort(), zip).toEqual(['PS20001', 'PS20002']);
    }
  });

  it('requires every word to match and keeps to the country', async () => {
    const body = await searchOk(`country=SK&q=${encodeURIComponent('bratislava parcelbox')}`);
    expect(body.count).toBeGreaterThan(0);
    expect(body.points.every((p) => p.city === 'Bratislava' && p.type === 'parcel_locker')).toBe(true);
    expect((await searchOk(`country=CZ&q=${encodeURIComponent('Žilina')}`)).count).toBe(0);
    expect((await searchOk('country=SK&q=ONEBOX10001')).points).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    for (const q of ['%', '_', '\\', '%ilina']) {
      const body = await searchOk(`country=SK&q=${encodeURIComponent(q)}`);
      expect(body, q).toEqual({ points: [], count: 0 });
    }
  });

  it('treats a blank text as no filter', async () => {
    expect((await searchOk('country=SK&q=%20%20')).count).toBe(activeDemo('SK').length);
  });
});

describe('GET /api/v1/pickup-points by distance', () => {
  it('answers the nearest first with increasing great-circle distances rounded to 0.1 km', async () => {
    // At the Eurovea locker in Bratislava.
    const [lat, lng] = [48.1406, 17.1214];
    const body = await searchOk(`country=SK&lat=${lat}&lng=${lng}&take=50`);
    expect(body.count).toBe(activeDemo('SK').length);
    expect(body.points[0]!.id).toBe('PT10001');
    expect(body.points[0]!.distance_km).toBe(0);
    const distances = body.points.map((p) => p.distance_km!);
    for (let i = 1; i < distances.length; i++) expect(distances[i]!).toBeGreaterThanOrEqual(distances[i - 1]!);
    for (const p of body.points) {
      expect(Math.round(p.distance_km! * 10) / 10, p.id).toBe(p.distance_km);
      expect(Math.abs(p.distance_km! - haversineKm(lat, lng, p.latitude, p.longitude)), p.id).toBeLessThanOrEqual(0.051);
    }
    // Bratislava first, Košice (about 315 km away) last.
    expect(body.points.slice(0, 13).every((p) => p.city === 'Bratislava')).toBe(true);
    expect(body.points.at(-1)!.distance_km).toBeGreaterThan(300);
  });

  it('combines distance with text and type', async () => {
    // Near the demo company's warehouse in Žilina (Priemyselná 12).
    const body = await searchOk('country=SK&lat=49.2175&lng=18.7470&type=pickup_point&take=3');
    expect(body.points).toHaveLength(3);
    expect(body.points.every((p) => p.type === 'pickup_point')).toBe(true);
    expect(body.points.map((p) => p.city)).toEqual(['Žilina', 'Žilina', 'Banská Bystrica']);
    const praha = await searchOk(`country=CZ&q=praha&lat=50.0890&lng=14.4290`);
    expect(praha.points[0]!.id).toBe('ONEBOX10001');
    expect(praha.points.every((p) => p.city === 'Praha')).toBe(true);
  });
});

describe('GET /api/v1/pickup-points validation and access', () => {
  async function fieldErrors(query: string) {
    const res = await search(query);
    expect(res.statusCode, query).toBe(400);
    const body = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(body.error).toBe('validation_failed');
    return body.errors;
  }

  it('requires a parcel-point country', async () => {
    expect((await fieldErrors('')).country).toEqual(['Country is required']);
    expect((await fieldErrors('q=praha')).country).toEqual(['Country is required']);
    expect((await fieldErrors('country=DE')).country).toEqual(['This value is not allowed']);
    expect(Object.keys(await fieldErrors('country=XX'))).toEqual(['country']);
  });

  it('requires lat and lng together, within range', async () => {
    expect(await fieldErrors('country=SK&lat=48.14')).toEqual({ lng: ['This field is required'] });
    expect(await fieldErrors('country=SK&lng=17.1')).toEqual({ lat: ['This field is required'] });
    expect(Object.keys(await fieldErrors('country=SK&lat=95&lng=17'))).toEqual(['lat']);
    expect(Object.keys(await fieldErrors('country=SK&lat=48&lng=-181'))).toEqual(['lng']);
    expect(Object.keys(await fieldErrors('country=SK&lat=north&lng=17'))).toEqual(['lat']);
    expect(Object.keys(await fieldErrors('country=SK&lat=&lng=17'))).toEqual(['lat']);
  });

  it('refuses a long text, an unknown type and a page beyond 50', async () => {
    expect((await fieldErrors(`country=SK&q=${'a'.repeat(101)}`)).q).toEqual(['This value is too long']);
    expect(Object.keys(await fieldErrors('country=SK&type=home_delivery'))).toEqual(['type']);
    expect(Object.keys(await fieldErrors('country=SK&take=51'))).toEqual(['take']);
    expect(Object.keys(await fieldErrors('country=SK&take=0'))).toEqual(['take']);
  });

  it('translates field errors into the caller\'s language', async () => {
    const res = await search('country=DE', { authorization: `Bearer ${token}`, 'accept-language': 'sk' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.country![0]).not.toBe('validation.invalid_value');
  });

  it('answers 401 without a token', async () => {
    const res = await search('country=SK', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('shipment creation with a pickup point', () => {
  const payload = (overrides: Record<string, unknown>) => ({
    delivery_method: 'parcel_locker',
    product: 'PRM',
    receiver_name: 'Eva Malá',
    receiver_address_line_1: 'Pribinova 8',
    receiver_city: 'Bratislava',
    receiver_postal_code: '81109',
    receiver_country: 'SK',
    receiver_phone: '0905111222',
    receiver_email: 'eva.mala@example.com',
    weight: 1.5,
    width: 20,
    height: 10,
    length: 30,
    content: 'Semená',
    ...overrides,
  });
  const create = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: { authorization: `Bearer ${token}` }, payload: body });

  async function created(body: Record<string, unknown>) {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ shipment: { delivery_method: string; pickup_point_id: string | null; partner_name: string | null } }>().shipment;
  }

  async function refused(body: Record<string, unknown>) {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(422);
    const answer = res.json<{ error: string; errors: Record<string, string[]> }>();
    expect(answer.error).toBe('validation_failed');
    return answer.errors;
  }

  it('stores a Slovak locker (PT) as parcel_locker', async () => {
    const shipment = await created(payload({ pickup_point_id: 'PT10001' }));
    expect(shipment).toMatchObject({ delivery_method: 'parcel_locker', pickup_point_id: 'PT10001', partner_name: 'Slovak Parcel Service' });
  });

  it('stores a Slovak counter (PS) as pickup_point, whatever parcel-point method was sent', async () => {
    expect(await created(payload({ delivery_method: 'pickup_point', pickup_point_id: 'PS20001' }))).toMatchObject({ delivery_method: 'pickup_point', pickup_point_id: 'PS20001' });
    // The point is authoritative: a counter sent as a locker, and an id in lower case.
    expect(await created(payload({ delivery_method: 'parcel_locker', pickup_point_id: ' ps20002 ' }))).toMatchObject({ delivery_method: 'pickup_point', pickup_point_id: 'PS20002' });
    expect(await created(payload({ delivery_method: 'pickup_point', pickup_point_id: 'PT10002' }))).toMatchObject({ delivery_method: 'parcel_locker', pickup_point_id: 'PT10002' });
  });

  it('stores a Hungarian group-10 point as other_pudo', async () => {
    const shipment = await created(
      payload({ delivery_method: 'pickup_point', pickup_point_id: '10010001', receiver_country: 'HU', receiver_city: 'Budapest', receiver_postal_code: '1052', receiver_phone: '+36301234567', receiver_address_line_1: 'Váci utca 10' }),
    );
    expect(shipment).toMatchObject({ delivery_method: 'other_pudo', pickup_point_id: '10010001', partner_name: 'Hungarian Post' });
  });

  it('refuses an unknown, an inactive and a missing point with a field error', async () => {
    expect(await refused(payload({ pickup_point_id: 'PT99999' }))).toEqual({ pickup_point_id: ['This pickup point is not available'] });
    expect(await refused(payload({ pickup_point_id: 'PT10099' }))).toEqual({ pickup_point_id: ['This pickup point is not available'] });
    expect((await refused(payload({ pickup_point_id: null }))).pickup_point_id).toEqual(['Choose a parcel locker or pickup point']);
  });

  it("refuses another country's point", async () => {
    expect(await refused(payload({ pickup_point_id: 'ONEBOX10001' }))).toEqual({ pickup_point_id: ['This pickup point is not available'] });
    expect(await refused(payload({ delivery_method: 'pickup_point', pickup_point_id: '20010001' }))).toEqual({ pickup_point_id: ['This pickup point is not available'] });
  });

  it('ignores a pickup point for home delivery', async () => {
    const shipment = await created(payload({ delivery_method: 'home_delivery', pickup_point_id: 'PT10001' }));
    expect(shipment).toMatchObject({ delivery_method: 'home_delivery', pickup_point_id: null });
  });
});
