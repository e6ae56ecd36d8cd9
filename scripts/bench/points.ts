// npm run bench:points — the pickup-point directory at a partner's full size on PGlite: an admin
// imports a generated list of 30,000 SPS points (CSV, as the admin page uploads it), then the
// list again with 1% of the points changed, a few removed and a few new; then the picker's
// search over those 30,000 points by text and by distance, as demo-user. The whole application
// through Fastify's inject on an embedded database. Every import's counts are checked against
// what was generated and every search must find points: a wrong result exits 1.
// Goals: first import ≤ 5 s, re-import ≤ 2 s, search p95 ≤ 20 ms.
import { and, count, eq } from 'drizzle-orm';
import type { PointDirectoryImport } from '#shared/contract/admin-pickup-points.ts';
import type { PickupPointList } from '#shared/contract/pickup-points.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import { createApp } from '#server/app.ts';
import { openPglite } from '#server/db/client.ts';
import { pickupPoints } from '#server/db/schema.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { check as checkFigure, figure } from './figures.ts';
import { ms, time } from './stats.ts';

const POINTS = Number(process.env.BENCH_POINTS ?? 30_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const REMOVED = 50;
const ADDED = 20;

// [city, zip, latitude, longitude] of Slovak towns; points scatter within ~10 km of the centre.
const TOWNS: Array<[string, string, number, number]> = [
  ['Bratislava', '811 01', 48.1486, 17.1077],
  ['Košice', '040 01', 48.7164, 21.2611],
  ['Prešov', '080 01', 48.9984, 21.2339],
  ['Žilina', '010 01', 49.2231, 18.7394],
  ['Nitra', '949 01', 48.3069, 18.0864],
  ['Banská Bystrica', '974 01', 48.7395, 19.1535],
  ['Trnava', '917 01', 48.3774, 17.5872],
  ['Trenčín', '911 01', 48.8945, 18.0444],
  ['Martin', '036 01', 49.0636, 18.9214],
  ['Poprad', '058 01', 49.0614, 20.2985],
  ['Prievidza', '971 01', 48.7747, 18.6275],
  ['Zvolen', '960 01', 48.5762, 19.1371],
  ['Považská Bystrica', '017 01', 49.1214, 18.4206],
  ['Michalovce', '071 01', 48.7543, 21.9195],
  ['Spišská Nová Ves', '052 01', 48.9446, 20.5615],
  ['Komárno', '945 01', 47.7631, 18.1203],
  ['Levice', '934 01', 48.2172, 18.6008],
  ['Humenné', '066 01', 48.9371, 21.9063],
  ['Bardejov', '085 01', 49.2918, 21.2727],
  ['Liptovský Mikuláš', '031 01', 49.0833, 19.6167],
];
const STREETS = ['Hlavná', 'Námestie SNP', 'Štúrova', 'Mierová', 'Hviezdoslavova', 'Kollárova', 'Družstevná', 'Záhradná', 'Školská', 'Železničná', 'Partizánska', 'Sládkovičova'];
const SHOPS = ['Tabak', 'Papiernictvo', 'Potraviny', 'Kvety', 'Drogéria', 'Trafika', 'Kníhkupectvo', 'Čerpacia stanica'];
const LOCKER_HOURS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d}=00:00-24:00`).join(';');
const SHOP_HOURS = ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d}=08:00-18:00`).join(';') + ';sat=08:00-12:00';

const HEADER = ['id', 'name', 'type', 'street', 'city', 'zip', 'country', 'latitude', 'longitude', 'opening_hours'];

/** A deterministic scatter in [-1, 1). */
const jitter = (i: number, salt: number) => (((i * 2654435761 + salt * 40503) >>> 0) % 20000) / 10000 - 1;

function pointRow(i: number, renamed = false): string[] {
  const [city, zip, lat, lng] = TOWNS[i % TOWNS.length]!;
  const locker = i % 3 !== 0;
  const id = locker ? `PT${100000 + i}` : `PS${200000 + i}`;
  const street = `${STREETS[i % STREETS.length]} ${(i % 180) + 1}`;
  const name = `${locker ? 'SPS Parcelbox' : `SPS ParcelShop ${SHOPS[i % SHOPS.length]}`} ${street}${renamed ? ' (presťahované)' : ''}`;
  return [
    id,
    name,
    locker ? 'PT' : 'PS',
    street,
    city,
    zip,
    'SK',
    (lat + jitter(i, 1) * 0.09).toFixed(5),
    (lng + jitter(i, 2) * 0.13).toFixed(5),
    locker ? LOCKER_HOURS : SHOP_HOURS,
  ];
}

const csv = (rows: string[][]) => [HEADER, ...rows].map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n';

const database = await openPglite();
await database.migrate();
await seedDemo(database.db);
const app = await createApp({ db: database.db, webRoot: null });
await app.ready();

async function tokenOf(clientId: string, secret: string) {
  const res = await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } });
  return (res.json() as { access_token: string }).access_token;
}
const admin = { authorization: `Bearer ${await tokenOf('demo-admin', 'demo-admin-secret')}` };
const user = { authorization: `Bearer ${await tokenOf('demo-user', 'demo-user-secret')}` };

let wrong = 0;
const check = (label: string, problem: string | null) => {
  if (problem) {
    wrong++;
    console.error(`WRONG RESULT: ${label}: ${problem}`);
  }
};

const activeSps = async () =>
  (
    await database.db
      .select({ n: count() })
      .from(pickupPoints)
      .where(and(eq(pickupPoints.partnerId, PARTNERS.SPS), eq(pickupPoints.active, true)))
  )[0]!.n;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Uploads a list as the admin page does; answers the summary, the time and the memory growth. */
async function importList(label: string, rows: string[][], expected: Partial<PointDirectoryImport>, goalMs: number) {
  const file = Buffer.from(csv(rows), 'utf8').toString('base64');
  const before = process.memoryUsage();
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/pickup-points/import',
    headers: admin,
    payload: { partner_id: PARTNERS.SPS, format: 'csv', filename: `${label}.csv`, file },
  });
  const elapsed = performance.now() - started;
  const after = process.memoryUsage();
  if (res.statusCode !== 201) {
    check(label, `answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return;
  }
  const summary = res.json<PointDirectoryImport>();
  const differing = Object.entries(expected).filter(([key, value]) => summary[key as keyof PointDirectoryImport] !== value);
  check(label, differing.length > 0 ? `expected ${JSON.stringify(expected)}, got ${JSON.stringify({ ...summary, rejected_rows: undefined })}` : null);
  figure('points', `${label}, seconds`, Number((elapsed / 1000).toFixed(2)), 's', { kind: 'max', value: goalMs / 1000 });
  console.log(
    `${label.padEnd(34)} ${(elapsed / 1000).toFixed(2).padStart(6)} s (goal ≤ ${goalMs / 1000} s: ${elapsed <= goalMs ? 'met' : 'MISSED'})   ` +
      `rss +${mb(after.rss - before.rss)}, heap +${mb(after.heapUsed - before.heapUsed)}   ` +
      `added ${summary.added}, changed ${summary.changed}, unchanged ${summary.unchanged}, deactivated ${summary.deactivated}, rejected ${summary.rejected}`,
  );
}

console.log(`Pickup-point directory: ${POINTS.toLocaleString('en')} SPS points, PGlite in process.\n`);
const seeded = await activeSps();
const first = Array.from({ length: POINTS }, (_, i) => pointRow(i));
// The demo's SPS points are not in the generated list: the first import deactivates them.
await importList('first import', first, { total: POINTS, added: POINTS, changed: 0, unchanged: 0, deactivated: seeded, rejected: 0 }, 5000);
check('active points after the first import', (await activeSps()) === POINTS ? null : `expected ${POINTS}, got ${await activeSps()}`);

// 1% renamed (every 100th), the last REMOVED left out, ADDED new ones.
const second = first.slice(0, POINTS - REMOVED).map((row, i) => (i % 100 === 7 ? pointRow(i, true) : row));
for (let k = 0; k < ADDED; k++) second.push(pointRow(POINTS + k));
const changed = second.filter((_, i) => i < POINTS - REMOVED && i % 100 === 7).length;
await importList(
  're-import (1% changed, some gone)',
  second,
  { total: POINTS - REMOVED + ADDED, added: ADDED, changed, unchanged: POINTS - REMOVED - changed, deactivated: REMOVED, rejected: 0 },
  2000,
);
check('active points after the re-import', (await activeSps()) === POINTS - REMOVED + ADDED ? null : `expected ${POINTS - REMOVED + ADDED}, got ${await activeSps()}`);

async function searchOnce(q: string): Promise<PickupPointList | null> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/pickup-points?country=SK&${q}`, headers: user });
  if (res.statusCode === 200) return res.json<PickupPointList>();
  check(q, `answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return null;
}

/** What a search must answer: points matching every word, nearest first when by distance, the right count. */
function checkAnswer(label: string, q: string, body: PickupPointList | null) {
  if (!body) return;
  const params = new URLSearchParams(q);
  const words = (params.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const text = (p: PickupPointList['points'][number]) => plain([p.id, p.name, p.street, p.city, p.zip, p.zip.replace(/\s/g, '')].join(' '));
  const distances = body.points.map((p) => p.distance_km ?? -1);
  check(
    `${label} ${q}`,
    body.points.length === 0
      ? 'no points'
      : body.points.some((p) => words.some((w) => !text(p).includes(w)))
        ? 'a point that does not match'
        : params.has('lat') && distances.some((d, i) => d < 0 || (i > 0 && d < distances[i - 1]!))
          ? 'not nearest first'
          : body.count < body.points.length
            ? `count ${body.count} below the ${body.points.length} points answered`
            : null,
  );
}

// The towns' points as generated: every search for a town must count exactly these.
const inTown = (town: string) => second.filter((row) => row[4] === town).length;

async function searchTimed(label: string, queries: string[]) {
  for (const q of queries) checkAnswer(label, q, await searchOnce(q));
  const timing = await time(
    async (i) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/pickup-points?country=SK&${queries[i % queries.length]}`, headers: user });
      if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
    },
    RUNS,
    3,
  );
  figure('points', `picker search ${label}, p95`, Number(timing.p95.toFixed(1)), 'ms', { kind: 'max', value: 20 });
  console.log(
    `${label.padEnd(34)} p50 ${ms(timing.p50).padStart(6)} ms   p95 ${ms(timing.p95).padStart(6)} ms   max ${ms(timing.max).padStart(6)} ms   (goal p95 ≤ 20 ms: ${timing.p95 <= 20 ? 'met' : 'MISSED'})`,
  );
}

console.log(`\nPicker search over ${(await activeSps()).toLocaleString('en')} active SK points:`);
// The first search after a change loads the country's points into the instance's index.
const coldStarted = performance.now();
const kosice = await searchOnce('q=kosice');
console.log(`${'first search after the re-import'.padEnd(34)} ${ms(performance.now() - coldStarted).padStart(6)} ms (loads the country's points)`);
check('q=kosice count', kosice?.count === inTown('Košice') ? null : `expected ${inTown('Košice')}, got ${kosice?.count}`);
const renamedHits = await searchOnce('q=presťahované&take=50');
const renamedExpected = second.filter((row) => row[1]!.includes('presťahované')).length;
check('q=presťahované count', renamedHits?.count === renamedExpected ? null : `expected ${renamedExpected}, got ${renamedHits?.count}`);
console.log(`${RUNS} requests each:`);
await searchTimed('by text', ['q=kosice', 'q=parcelshop%20tabak', 'q=hlavna%2017', 'q=PT100043', 'q=ps200042', 'q=974%2001', 'q=liptovsky%20mierova']);
await searchTimed('by distance', ['lat=48.1486&lng=17.1077', 'lat=48.7164&lng=21.2611', 'lat=49.2231&lng=18.7394', 'lat=48.9&lng=19.5']);
await searchTimed('by text and distance', ['q=parcelbox&lat=48.1486&lng=17.1077', 'q=hlavna&lat=48.7164&lng=21.2611']);

await app.close();
await database.close();
checkFigure('points', 'every import summary and search count as generated', wrong === 0, wrong > 0 ? `${wrong} wrong` : undefined);
if (wrong > 0) {
  console.error(`\n${wrong} wrong result(s).`);
  process.exit(1);
}
