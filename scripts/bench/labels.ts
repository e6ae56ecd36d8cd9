// npm run bench:labels — the PDF renderers alone (no server, no database): one A6 label, the
// largest bulk label request (1,000 labels, four per A4 sheet) and the largest manifest (5,000
// rows), on generated Central European shipments, each in a fresh process. Prints the time, the
// file size and the peak growth of the process's resident memory, sampled every 50 ms from a
// worker thread (rendering is synchronous: a timer on the main thread would not fire). Goal:
// 1,000 labels in ≤ 5 s.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { LabelData, ManifestCaptions, ManifestData, ManifestRow, PostalAddress } from '#server/features/documents/document-types.ts';
import { LABEL_CAPTIONS } from '#server/features/documents/label-data.ts';
import { renderLabels } from '#server/features/documents/label-pdf.ts';
import { renderManifest } from '#server/features/documents/manifest-pdf.ts';
import { codCurrency } from '#shared/domain/currencies.ts';
import { LABELS_MAX_ITEMS, MANIFEST_MAX_ITEMS } from '#shared/domain/limits.ts';
import { makeS10 } from '#shared/domain/s10.ts';
import { watchdog } from './server.ts';
import { ms, percentile, table } from './stats.ts';

watchdog(300);

const GOAL_MS = 5000;
const BULK_RUNS = 3;

// --- Data: seeded, so every run renders the same documents -------------------------------------

let seed = 20260314;
/** A deterministic pseudo-random number in [0, 1) (mulberry32). */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

const SENDERS: PostalAddress[] = [
  { name: 'Tatra Kozmetika a.s.', contact: 'Zuzana Kollárová', street: 'Levočská', number: '3', postalCode: '058 01', city: 'Poprad', country: 'SK', phone: '+421 52 772 1234' },
  { name: 'Moravská Vína s.r.o.', contact: 'Tomáš Dvořák', street: 'Náměstí', number: '12', postalCode: '692 01', city: 'Mikulov', country: 'CZ', phone: '+420 519 510 111' },
  {
    name: 'Mazowsze Elektronika sp. z o.o.',
    contact: 'Anna Kowalska',
    street: 'ul. Marszałkowska',
    number: '84',
    postalCode: '00-514',
    city: 'Warszawa',
    country: 'PL',
    phone: '+48 22 628 1234',
  },
  { name: 'Duna Webáruház Kft.', contact: 'Eszter Nagy', street: 'Váci út', number: '45', postalCode: '1134', city: 'Budapest', country: 'HU', phone: '+36 1 450 1234' },
  { name: 'Alpin Sport GmbH', contact: 'Lukas Gruber', street: 'Mariahilfer Straße', number: '120', postalCode: '1070', city: 'Wien', country: 'AT', phone: '+43 1 523 1234' },
];

const PEOPLE: Record<string, { first: string[]; last: string[]; places: Array<[city: string, postalCode: string, street: string]>; phone: string }> = {
  SK: {
    first: ['Ľubomír', 'Zuzana', 'Marek', 'Katarína', 'Ján', 'Mária'],
    last: ['Šťastný', 'Kollárová', 'Baláž', 'Horváthová', 'Kováč', 'Ďuríková'],
    places: [
      ['Bratislava', '811 01', 'Štúrova'],
      ['Žilina', '010 01', 'Hlavná'],
      ['Košice', '040 01', 'Mlynská'],
      ['Banská Bystrica', '974 01', 'Námestie SNP'],
    ],
    phone: '+421 905',
  },
  CZ: {
    first: ['Řehoř', 'Tereza', 'Jiří', 'Lucie', 'Petr', 'Kateřina'],
    last: ['Dvořák', 'Nováková', 'Černý', 'Procházková', 'Růžička', 'Kučerová'],
    places: [
      ['Praha', '110 00', 'Václavské náměstí'],
      ['Brno', '602 00', 'Česká'],
      ['Dvůr Králové nad Labem', '544 01', 'Náměstí T. G. Masaryka'],
      ['Plzeň', '301 00', 'Americká'],
    ],
    phone: '+420 777',
  },
  PL: {
    first: ['Grzegorz', 'Agnieszka', 'Łukasz', 'Małgorzata', 'Paweł', 'Zofia'],
    last: ['Brzęczyszczykiewicz', 'Wójcik', 'Kowalczyk', 'Woźniak', 'Dąbrowska', 'Zieliński'],
    places: [
      ['Łódź', '90-926', 'ul. Piotrkowska'],
      ['Kraków', '31-042', 'Rynek Główny'],
      ['Wrocław', '50-102', 'ul. Świdnicka'],
      ['Gdańsk', '80-831', 'ul. Długa'],
    ],
    phone: '+48 601',
  },
  HU: {
    first: ['Erzsébet', 'László', 'Zsófia', 'Gábor', 'Ildikó', 'Ödön'],
    last: ['Szőke', 'Kovács', 'Nagy', 'Tóth', 'Szűcs', 'Győri'],
    places: [
      ['Győr', '9021', 'Széchenyi tér'],
      ['Debrecen', '4024', 'Piac utca'],
      ['Szeged', '6720', 'Kárász utca'],
      ['Pécs', '7621', 'Király utca'],
    ],
    phone: '+36 30',
  },
  AT: {
    first: ['Jürgen', 'Anna', 'Lukas', 'Sophie'],
    last: ['Weiß', 'Gruber', 'Huber', 'Mößlacher'],
    places: [
      ['Wien', '1070', 'Mariahilfer Straße'],
      ['Graz', '8010', 'Herrengasse'],
      ['Linz', '4020', 'Landstraße'],
    ],
    phone: '+43 664',
  },
  DE: {
    first: ['Jürgen', 'Käthe', 'Jörg', 'Günther'],
    last: ['Weiß', 'Müller', 'Schäfer', 'Groß'],
    places: [
      ['Köln', '50667', 'Hohe Straße'],
      ['München', '80331', 'Kaufingerstraße'],
      ['Berlin', '10117', 'Friedrichstraße'],
    ],
    phone: '+49 151',
  },
};
const DESTINATIONS = ['SK', 'SK', 'SK', 'CZ', 'CZ', 'PL', 'HU', 'AT', 'DE'];
const PARTNERS = ['Slovak Parcel Service', 'Packeta CZ', 'InPost Polska', 'Magyar Posta', 'Österreichische Post', 'DHL Paket'];

let serial = 12_345_000;
function shipment(i: number): LabelData {
  const country = pick(DESTINATIONS);
  const people = PEOPLE[country]!;
  const [city, postalCode, street] = pick(people.places);
  const company = random() < 0.15;
  const name = `${pick(people.first)} ${pick(people.last)}`;
  const method = random();
  return {
    itemNumber: `PP${String(4_000_000 + i).padStart(10, '0')}`,
    trackingNumber: makeS10(pick(['RR', 'CP', 'EE']), serial++, 'SK'),
    referenceNumber: random() < 0.75 ? `OBJ-2026-${String(10_000 + i)}` : null,
    date: new Date(Date.UTC(2026, 2, 14, 8 + (i % 10), i % 60)),
    sender: pick(SENDERS),
    recipient: {
      name: company ? `${pick(people.last)} ${pick(['s.r.o.', 'a.s.', 'Kft.', 'GmbH', 'sp. z o.o.'])}` : name,
      contact: company ? name : null,
      street,
      number: String(1 + Math.floor(random() * 150)),
      line2: random() < 0.1 ? `${1 + Math.floor(random() * 8)}. poschodie` : null,
      postalCode,
      city,
      country,
      phone: `${people.phone} ${String(100 + Math.floor(random() * 900))} ${String(100 + Math.floor(random() * 900))}`,
    },
    product: pick([
      { code: 'PRM', name: 'Parcel' },
      { code: 'TRC', name: 'Tracked letter' },
    ]),
    deliveryMethod: method < 0.7 ? 'Home delivery' : method < 0.9 ? `Parcel locker Z-BOX ${100 + Math.floor(random() * 900)}` : 'Pickup point',
    partnerName: pick(PARTNERS),
    weightKg: Math.round((0.1 + random() * 15) * 1000) / 1000,
    parcel: { index: 1, count: 1 },
    cod: random() < 0.3 ? { amount: Math.round((5 + random() * 300) * 100) / 100, currency: codCurrency(country) } : null,
    fragile: country === 'HU' && random() < 0.2,
  };
}

const MANIFEST_CAPTIONS: ManifestCaptions = {
  title: 'Predávací protokol',
  company: 'Spoločnosť',
  pickupAddress: 'Adresa vyzdvihnutia',
  partner: 'Partner',
  created: 'Vytvorený',
  manifestId: 'Číslo protokolu',
  columns: {
    index: '#',
    itemNumber: 'Číslo zásielky',
    trackingNumber: 'Podacie číslo',
    recipient: 'Príjemca',
    city: 'Mesto',
    country: 'Krajina',
    weight: 'Hmotnosť (kg)',
    cod: 'Dobierka',
  },
  totals: 'Súčty',
  parcels: 'Počet zásielok',
  weight: 'Celková hmotnosť',
  codTotal: 'Dobierky spolu',
  shipperSignature: 'Podpis odosielateľa',
  driverSignature: 'Podpis vodiča',
  signatureDate: 'Dátum',
  page: 'Strana {page} z {pages}',
};

function manifest(count: number): ManifestData {
  const sender = SENDERS[0]!;
  const rows: ManifestRow[] = Array.from({ length: count }, (_, i) => {
    const s = shipment(i);
    return {
      itemNumber: s.itemNumber,
      trackingNumber: s.trackingNumber,
      recipientName: s.recipient.name,
      city: s.recipient.city,
      country: s.recipient.country,
      weightKg: s.weightKg,
      cod: s.cod,
    };
  });
  return {
    id: 'MF0000004711',
    carrierName: 'Slovak Parcel Service',
    company: { name: sender.name, vatNumber: 'SK2020123456', address: { ...sender, contact: null, phone: null } },
    pickupAddress: sender,
    partnerName: 'Slovak Parcel Service',
    createdAt: new Date('2026-03-14T15:45:00Z'),
    rows,
  };
}

// --- Measuring ---------------------------------------------------------------------------------

/** Samples the process's RSS every 50 ms on its own thread; answers the peak since `start`. */
function rssSampler() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = 0;
     const sample = () => { peak = Math.max(peak, process.memoryUsage.rss()); };
     setInterval(sample, 50);
     parentPort.on('message', (m) => { sample(); parentPort.postMessage(peak); if (m === 'reset') peak = 0; });`,
    { eval: true },
  );
  const ask = (message: 'reset' | 'peak') => new Promise<number>((resolve) => worker.once('message', (peak: number) => resolve(peak)).postMessage(message));
  return {
    /** Forgets the peak so far and answers the RSS now (the baseline). */
    start: async () => {
      await ask('reset');
      return process.memoryUsage.rss();
    },
    peak: () => ask('peak'),
    stop: () => worker.terminate(),
  };
}

interface Measured {
  document: string;
  ms: number;
  bytes: number;
  /** Peak RSS during the run minus RSS just before it. */
  growthBytes: number;
}

/**
 * Runs one scenario in this process. Each scenario gets a fresh process (see below), so its first
 * run's memory growth is not hidden by heap pages an earlier scenario left committed.
 */
async function runScenario(name: string): Promise<Measured[]> {
  const sampler = rssSampler();
  // The script line runs plain `tsx`, without --expose-gc.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  // A full collection before a run, except between single labels: one every 40 ms would slow them.
  const measure = async (document: string, render: () => Promise<Uint8Array>, collect = true): Promise<Measured> => {
    if (collect) collectGarbage();
    const baseline = await sampler.start();
    const started = performance.now();
    const pdf = await render();
    const elapsed = performance.now() - started;
    return { document, ms: elapsed, bytes: pdf.length, growthBytes: Math.max(0, (await sampler.peak()) - baseline) };
  };
  const labels = () => Array.from({ length: LABELS_MAX_ITEMS }, (_, i) => shipment(i));
  const results: Measured[] = [];
  try {
    if (name === 'label') {
      const [first, ...next] = labels();
      // The first call loads the fonts and compiles the code; then the steady state.
      results.push(await measure('1 label, A6, first call', () => renderLabels([first!], { kind: 'A6' }, LABEL_CAPTIONS)));
      const runs: Measured[] = [];
      for (const label of next.slice(0, 20)) runs.push(await measure('', () => renderLabels([label], { kind: 'A6' }, LABEL_CAPTIONS), false));
      const times = runs.map((m) => m.ms);
      results.push({ document: '1 label, A6, p50 of next 20', ms: percentile(times, 50), bytes: runs[0]!.bytes, growthBytes: Math.max(...runs.map((m) => m.growthBytes)) });
    } else if (name === 'labels') {
      const all = labels();
      for (let run = 1; run <= BULK_RUNS; run++) {
        results.push(await measure(`${LABELS_MAX_ITEMS} labels, A4 4-up, run ${run}`, () => renderLabels(all, { kind: 'A4', start: 1 }, LABEL_CAPTIONS)));
      }
    } else {
      const data = manifest(MANIFEST_MAX_ITEMS);
      results.push(await measure(`Manifest, ${MANIFEST_MAX_ITEMS} rows`, () => renderManifest(data, MANIFEST_CAPTIONS)));
    }
  } finally {
    await sampler.stop();
  }
  return results;
}

const SCENARIOS = ['label', 'labels', 'manifest'];
const scenario = process.argv[2];

if (scenario) {
  process.stdout.write(JSON.stringify(await runScenario(scenario)));
} else {
  const results: Measured[] = [];
  for (const name of SCENARIOS) {
    // The same script in a fresh Node with the same loader (tsx), one scenario each.
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (child.status !== 0) throw new Error(`Scenario ${name} failed (exit ${child.status})`);
    results.push(...(JSON.parse(child.stdout) as Measured[]));
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`\nPDF renderers (Node ${process.version}; RSS sampled every 50 ms, growth over the RSS before each run)\n`);
  console.log(
    table(
      ['document', 'ms', 'size', 'peak RSS growth'],
      results.map((r) => [r.document, ms(r.ms), kb(r.bytes), mb(r.growthBytes)]),
    ),
  );
  // Judged on the slowest run, the first included: a freshly started server's first bulk print.
  const bulk = results.filter((r) => r.document.startsWith(`${LABELS_MAX_ITEMS} labels`));
  const slowest = Math.max(...bulk.map((r) => r.ms));
  const met = slowest <= GOAL_MS;
  console.log(`\n${LABELS_MAX_ITEMS} labels: slowest of ${bulk.length} runs ${(slowest / 1000).toFixed(2)} s, goal ≤ ${GOAL_MS / 1000} s: goal ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
}
