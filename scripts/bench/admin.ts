// npm run bench:admin — the admin's company screens with 10,000 client companies on PGlite:
// p50/p95 of the company list (first page, filtered by name accent-insensitively, by city, by
// IČO, by country) and of the company detail (products, bank accounts, clients, pickup
// addresses with partners). The whole application through Fastify's inject on an embedded
// database; every answer's size is checked against what the data holds, and a wrong one exits 1.
import { hashSecret } from '#server/features/auth/passwords.ts';
import { createApp } from '#server/app.ts';
import { openPglite } from '#server/db/client.ts';
import { bankAccounts, clients, companies, companyProducts, pickupAddressClients, pickupAddresses, pickupAddressPartners } from '#server/db/schema.ts';
import { seedDemo } from '#server/db/seed-demo.ts';
import { check as checkFigure, figure } from './figures.ts';
import { ms, time } from './stats.ts';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CITIES = ['Bratislava', 'Košice', 'Žilina', 'Nitra', 'Prešov', 'Brno', 'Praha', 'Ostrava', 'Győr', 'Kraków'];
const COUNTRY_OF = (city: string) => (['Brno', 'Praha', 'Ostrava'].includes(city) ? 'CZ' : city === 'Győr' ? 'HU' : city === 'Kraków' ? 'PL' : 'SK');
const WORDS = ['Zelená', 'Záhrada', 'Kníhkupectvo', 'Pekáreň', 'Dielňa', 'Obchod', 'Sklad', 'Výroba', 'Služby', 'Logistika', 'Čaj', 'Káva'];

const database = await openPglite();
await database.migrate();
await seedDemo(database.db);
const app = await createApp({ db: database.db, webRoot: null });
await app.ready();

console.log(`Seeding ${COMPANIES.toLocaleString('en')} companies…`);
const started = performance.now();
const secretHash = await hashSecret('bench-client-secret');
const expected = { zahrada: 0, kosice: 0, cz: 0, cin: 0 };
const BATCH = 1000;
let detailId = '';
for (let from = 0; from < COMPANIES; from += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, COMPANIES - from) }, (_, k) => {
    const i = from + k;
    const city = CITIES[i % CITIES.length]!;
    const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${i} s.r.o.`;
    if (/Záhrada/.test(name)) expected.zahrada++;
    if (city === 'Košice') expected.kosice++;
    if (COUNTRY_OF(city) === 'CZ') expected.cz++;
    if (String(30_000_000 + i).includes('3000123')) expected.cin++;
    return {
      name, street: `Hlavná ${i}`, city, zip: '811 01', country: COUNTRY_OF(city),
      companyIdentificationNumber: String(30_000_000 + i), taxIdentificationNumber: String(2_020_000_000 + i),
    };
  });
  const inserted = await database.db.insert(companies).values(rows).returning({ id: companies.id });
  // Every company gets a client, an address and products; one of each batch a fuller record.
  await database.db.insert(clients).values(inserted.map((c, k) => ({ companyId: c.id, clientId: `bench-${from + k}`, secretHash, name: `Client ${from + k}`, email: `c${from + k}@example.com` })));
  const addresses = await database.db
    .insert(pickupAddresses)
    .values(inserted.map((c, k) => ({ companyId: c.id, contactPerson: `Person ${from + k}`, street: 'Skladová 1', zip: '811 01', city: 'Bratislava', country: 'SK', email: 'p@example.com', phone: '+421900000000', pickupDays: 21 })))
    .returning({ id: pickupAddresses.id, companyId: pickupAddresses.companyId });
  await database.db.insert(companyProducts).values(inserted.flatMap((c) => ['SK', 'CZ', 'HU', 'PL'].flatMap((country) => (['PRM', 'TRC'] as const).map((product) => ({ companyId: c.id, country, product })))));
  await database.db.insert(bankAccounts).values(inserted.map((c) => ({ companyId: c.id, iban: 'SK3112000000198742637541', swift: 'SUBASKBX' })));
  await database.db.insert(pickupAddressPartners).values(addresses.map((a) => ({ pickupAddressId: a.id, partnerId: 3, country: 'SK', product: 'PRM' as const })));
  detailId ||= inserted[0]!.id;
}
// The detail's company: five clients on three addresses.
const more = await database.db
  .insert(clients)
  .values(Array.from({ length: 4 }, (_, k) => ({ companyId: detailId, clientId: `bench-detail-${k}`, secretHash, name: `Detail ${k}`, email: `d${k}@example.com` })))
  .returning({ id: clients.id });
const extra = await database.db
  .insert(pickupAddresses)
  .values([1, 2].map((k) => ({ companyId: detailId, contactPerson: `Extra ${k}`, street: `Dočasná ${k}`, zip: '010 01', city: 'Žilina', country: 'SK', email: 'e@example.com', phone: '+421900000001', pickupDays: 31 })))
  .returning({ id: pickupAddresses.id });
await database.db.insert(pickupAddressClients).values(extra.flatMap((a) => more.map((c) => ({ pickupAddressId: a.id, clientId: c.id }))));
console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);

const token = ((await app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', client_id: 'demo-admin', client_secret: 'demo-admin-secret' } })).json() as { access_token: string }).access_token;
const headers = { authorization: `Bearer ${token}` };
let wrong = 0;

async function get(url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Checks one answer, then times the route. */
async function bench(label: string, url: string, check: (body: unknown) => string | null) {
  const problem = check(await get(url));
  if (problem) {
    wrong++;
    console.error(`WRONG RESULT: ${label}: ${problem}`);
  }
  const timing = await time(() => get(url), RUNS, 20);
  console.log(`${label.padEnd(44)} p50 ${ms(timing.p50).padStart(6)} ms   p95 ${ms(timing.p95).padStart(6)} ms   max ${ms(timing.max).padStart(6)} ms`);
  return timing;
}

const size = (n: number) => (body: unknown) => (Array.isArray(body) && body.length === n ? null : `expected ${n} rows, got ${Array.isArray(body) ? body.length : 'no list'}`);
const list = '/api/v1/admin/company/list';
console.log(`\n${RUNS} sequential requests each, ${COMPANIES.toLocaleString('en')} companies (+ the demo's):`);
const results = [
  await bench('list, first page (50)', list, size(50)),
  await bench('list, name "zahrada" (accents folded)', `${list}?name=zahrada`, size(Math.min(expected.zahrada, 50))),
  await bench('list, city "kosice"', `${list}?city=kosice`, size(Math.min(expected.kosice, 50))),
  await bench('list, IČO "3000123"', `${list}?companyIdentificationNumber=3000123`, size(Math.min(50, expected.cin))),
  await bench('list, country CZ, page 10', `${list}?country=CZ&skip=450`, size(Math.min(50, Math.max(0, expected.cz + 1 - 450)))),
  await bench('list, city "kosice", all 1,000 a request can take', `${list}?city=kosice&take=1000`, size(Math.min(expected.kosice, 1000))),
];
const detail = await bench('company detail (5 clients, 3 addresses)', `/api/v1/admin/company/${detailId}`, (body) => {
  const company = body as { clients?: unknown[]; pickupAddresses?: unknown[] };
  return company.clients?.length === 5 && company.pickupAddresses?.length === 3 ? null : `expected 5 clients and 3 addresses, got ${company.clients?.length} and ${company.pickupAddresses?.length}`;
});

// The goal is the screen's request: a page of 50 (the last row asks for the largest page the API gives).
const worstList = Math.max(...results.slice(0, -1).map((r) => r.p95));
figure('admin', 'company list, worst filter, p95', Number(worstList.toFixed(1)), 'ms', { kind: 'max', value: 20 });
checkFigure('admin', 'every answer the size the data holds', wrong === 0, wrong > 0 ? `${wrong} wrong` : undefined);
console.log(`\nFiltered list p95 (worst case): ${ms(worstList)} ms — goal ≤ 20 ms: ${worstList <= 20 ? 'met' : 'MISSED'}`);
console.log(`Company detail p95: ${ms(detail.p95)} ms`);
await app.close();
await database.close();
if (wrong > 0) process.exit(1);
