// Heavy work bounded per company (issue 30, README note 99): each company has a few slots per kind
// of heavy work (bulk labels, manifests, imports, reports); one more answers 429 with Retry-After
// and a message in the caller's language, while another company is not held up, and the work goes
// through again once a slot is free.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bratislavaDay } from '#shared/contract/reports.ts';
import { reportFieldMessages } from '#shared/i18n/report-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { clients, shipments } from '#server/db/schema.ts';
import { DEFAULT_HEAVY_WORK_LIMITS, HEAVY_WORK_RETRY_SECONDS, type HeavyWorkKind } from '#server/heavy-work.ts';
import { translator } from '#server/i18n.ts';
import { pdfInfo } from '../setup/pdf-tools.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../setup/test-app.ts';
import { bearer, createShipment } from './shipments-fixtures.ts';

let t: TestApp;
let userToken: string;
let items: string[];

beforeAll(async () => {
  // With the job queue: an import's upload is answered only when it is queued.
  t = await createTestApp({ jobs: true });
  userToken = (await signIn(t.app, DEMO.user.clientId, DEMO.user.secret)).token;
  items = [];
  for (let i = 0; i < 4; i++) items.push((await createShipment(t.app, userToken)).item_number);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const postLabels = (itemNumbers: string[], token = userToken) =>
  t.app.inject({ method: 'POST', url: '/api/v1/shipments/labels', headers: { ...bearer(token), 'accept-language': 'en' }, payload: { layout: 'A4', item_numbers: itemNumbers } });

const en = translator('en');
const sk = translator('sk');

/** Takes every slot of `kind` the company has, as work already running would; answers their release. */
function holdSlots(kind: HeavyWorkKind, companyId: string): () => void {
  const releases: Array<() => void> = [];
  for (let i = 0; i < DEFAULT_HEAVY_WORK_LIMITS[kind]; i++) releases.push(t.app.heavyWork.take(kind, companyId));
  return () => releases.forEach((release) => release());
}

const companyOf = async (clientId: string) => (await t.database.db.select({ id: clients.companyId }).from(clients).where(eq(clients.clientId, clientId)))[0]!.id;

function expectBusy(
  res: { statusCode: number; headers: Record<string, unknown>; json<T>(): T },
  kind: HeavyWorkKind,
  message = en(serverMessages.heavyWorkBusy, { seconds: HEAVY_WORK_RETRY_SECONDS[kind] }),
) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(HEAVY_WORK_RETRY_SECONDS[kind]));
  expect(res.json()).toMatchObject({ error: 'too_many_requests', message });
}

describe('heavy work bounded per company', () => {
  let userCompany: string;
  let user2Token: string;
  let foreignItem: string;

  beforeAll(async () => {
    userCompany = await companyOf(DEMO.user.clientId);
    user2Token = (await signIn(t.app, DEMO.user2.clientId, DEMO.user2.secret)).token;
    foreignItem = (await createShipment(t.app, user2Token)).item_number;
  });

  it('bulk labels: beyond the company’s slots 429 with Retry-After in the caller’s language; another company prints meanwhile', async () => {
    const release = holdSlots('labels', userCompany);
    try {
      expectBusy(await postLabels(items.slice(0, 4)), 'labels');
      const inSlovak = await t.app.inject({
        method: 'POST',
        url: '/api/v1/shipments/labels',
        headers: { ...bearer(userToken), 'accept-language': 'sk' },
        payload: { layout: 'A4', item_numbers: items.slice(0, 4) },
      });
      expect(inSlovak.json<{ message: string }>().message).toBe(sk(serverMessages.heavyWorkBusy, { seconds: HEAVY_WORK_RETRY_SECONDS.labels }));
      expect(inSlovak.json<{ message: string }>().message).not.toBe(en(serverMessages.heavyWorkBusy, { seconds: HEAVY_WORK_RETRY_SECONDS.labels }));
      const other = await postLabels([foreignItem], user2Token);
      expect(other.statusCode, other.body.slice(0, 200)).toBe(200);
      expect(pdfInfo(other.rawPayload).pages).toBe(1);
    } finally {
      release();
    }
    const again = await postLabels(items.slice(0, 4));
    expect(again.statusCode).toBe(200);
    expect(t.app.heavyWork.inProgress('labels')).toBe(0);
  });

  it('manifests: generating and downloading beyond the slots answer 429 and change nothing; another company generates meanwhile', async () => {
    const mine = await createShipment(t.app, userToken);
    const release = holdSlots('manifests', userCompany);
    try {
      expectBusy(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/manifests/generate',
          headers: { ...bearer(userToken), 'accept-language': 'en' },
          payload: { item_numbers: [mine.item_number] },
        }),
        'manifests',
      );
      const [row] = await t.database.db.select({ status: shipments.status }).from(shipments).where(eq(shipments.itemNumber, mine.item_number));
      expect(row!.status).toBe('CREATED');
      const other = await t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: bearer(user2Token), payload: { item_numbers: [foreignItem] } });
      expect(other.statusCode, other.body.slice(0, 200)).toBe(200);
      expect(other.headers['content-type']).toBe('application/pdf');
      expect(pdfInfo(other.rawPayload).pages).toBe(1);
      expectBusy(await t.app.inject({ method: 'GET', url: '/api/v1/manifests/download/MF0000000001', headers: { ...bearer(userToken), 'accept-language': 'en' } }), 'manifests');
    } finally {
      release();
    }
    const generated = await t.app.inject({ method: 'POST', url: '/api/v1/manifests/generate', headers: bearer(userToken), payload: { item_numbers: [mine.item_number] } });
    expect(generated.statusCode, generated.body.slice(0, 200)).toBe(200);
  });

  it('reports: the slots are the company’s, not the installation’s', async () => {
    const day = bratislavaDay(new Date());
    const report = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/shipments/report',
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload: { type: 'DAILY', from_date: day, to_date: addDays(day, 1), countries: [] },
      });
    const release = holdSlots('reports', userCompany);
    try {
      expectBusy(await report(userToken), 'reports', en(reportFieldMessages.busy));
      const other = await report(user2Token);
      expect(other.statusCode, other.body.slice(0, 200)).toBe(200);
    } finally {
      release();
    }
    expect((await report(userToken)).statusCode).toBe(200);
  });

  it('imports: an upload beyond the slots answers 429, and its Idempotency-Key is free for the retry; another company uploads meanwhile', async () => {
    const file = Buffer.from(
      'Meno;Ulica;Číslo domu;Mesto;PSČ;Krajina;Telefón;E-mail;Obsah;Hmotnosť;Šírka;Výška;Dĺžka\r\nJán Novák;Hlavná;1;Žilina;010 01;SK;0905 123 456;jan@example.com;Semená;2,5;30;20;40\r\n',
    ).toString('base64');
    const upload = (token: string, path = '', key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/shipments/import${path}`,
        headers: { ...bearer(token), 'accept-language': 'en', ...(key ? { 'idempotency-key': key } : {}) },
        payload: { type: 'csv', filename: 'orders.csv', file },
      });
    const release = holdSlots('imports', userCompany);
    try {
      expectBusy(await upload(userToken, '/preview'), 'imports');
      expectBusy(await upload(userToken, '', 'heavy-work-import-1'), 'imports');
      const other = await upload(user2Token);
      expect(other.statusCode, other.body.slice(0, 200)).toBe(201);
    } finally {
      release();
    }
    const retried = await upload(userToken, '', 'heavy-work-import-1');
    expect(retried.statusCode, retried.body.slice(0, 200)).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json<{ id: string }>().id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
