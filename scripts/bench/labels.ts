// npm run bench:labels — the label and manifest renderers alone (no server, no database): one A6
// label, the largest bulk label request (1,000 labels) four per A4 sheet, one per 100×150 mm page
// and as ZPL for a 203 dpi thermal printer (issue 33: goals 1 s and 0.3 s), and the largest
// manifest (5,000 rows), on generated Central European shipments, each in a fresh process. Prints the time, the
// CPU time, the file size and the peak growth of the process's resident memory, sampled every 50 ms
// from a worker thread (rendering is synchronous: a timer on the main thread would not fire).
// Goal (issue 19): 1,000 labels in ≤ 1 s, the first run of a fresh process included (a server's
// render thread starts with its first document: README note 131), then the steady state. Then checks
// what was rendered: qpdf accepts every file, the page counts, and zbar decodes every barcode of
// the first and the last sheet to the right tracking number and QR payload.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { manifestRowOf, type LabelData, type ManifestCaptions, type ManifestData, type ManifestRow, type PostalAddress } from '#server/features/documents/document-types.ts';
import { LABEL_CAPTIONS } from '#server/features/documents/label-data.ts';
import { labelQrPayload, renderLabels } from '#server/features/documents/label-pdf.ts';
import { renderZplLabels } from '#server/features/documents/label-zpl.ts';
import { renderManifest } from '#server/features/documents/manifest-pdf.ts';
import { codCurrency } from '#shared/domain/currencies.ts';
import { LABELS_MAX_ITEMS, MANIFEST_MAX_ITEMS } from '#shared/domain/limits.ts';
import { makeS10 } from '#shared/domain/s10.ts';
import { decodeBarcodes, decodeImage, pdfInfo, pdfText, qpdfCheck } from '#tests/setup/pdf-tools.ts';
import { check, figure } from './figures.ts';
import { watchdog } from './server.ts';
import { ms, percentile, table } from './stats.ts';

watchdog(300);

const BENCH = 'labels';
const GOAL_MS = 1000;
/** 1,000 ZPL labels (issue 33): text and commands only, the printer draws. */
const ZPL_GOAL_MS = 300;
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
  const rows: ManifestRow[] = Array.from({ length: count }, (_, i) => manifestRowOf(shipment(i)));
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
  /** CPU time of the process (user + system, all threads) during the run: less sensitive to a busy machine. */
  cpuMs: number;
  bytes: number;
  /** Peak RSS during the run minus RSS just before it. */
  growthBytes: number;
}

interface CheckResult {
  name: string;
  ok: boolean;
  detail?: string;
}

/** Runs `test` as one check; an exception is a failed check with its message. */
function checkThat(name: string, test: () => string | undefined): CheckResult {
  try {
    const wrong = test();
    return { name, ok: wrong === undefined, ...(wrong ? { detail: wrong } : {}) };
  } catch (error) {
    return { name, ok: false, detail: (error as Error).message.split('\n')[0] };
  }
}

/** The barcodes zbar must find on an A4 sheet (or an A6 page) holding `labels`, sorted. */
const expectedCodes = (labels: readonly LabelData[]) => [...labels.map((l) => `CODE-128:${l.trackingNumber}`), ...labels.map((l) => `QR-Code:${labelQrPayload(l)}`)].sort();
const sameList = (found: string[], expected: string[]) =>
  found.length === expected.length && found.every((code, i) => code === expected[i])
    ? undefined
    : `found ${found.length} codes, ${
        found
          .filter((c) => !expected.includes(c))
          .slice(0, 2)
          .join(', ') || 'some missing'
      }`;

/** What the renderer wrote, read back by qpdf, poppler and zbar (after the timed runs). */
function checkLabels(pdf: Uint8Array, labels: readonly LabelData[], layout: 'A6' | 'A4' | '100x150', which = ''): CheckResult[] {
  const perPage = layout === 'A4' ? 4 : 1;
  const pages = Math.ceil(labels.length / perPage);
  const what = `${labels.length} label${labels.length === 1 ? '' : 's'} on ${layout}${which}`;
  return [
    checkThat(`${what}: qpdf --check finds the file sound`, () => (qpdfCheck(pdf), undefined)),
    checkThat(`${what}: ${pages} page${pages === 1 ? '' : 's'}`, () => {
      const found = pdfInfo(pdf).pages;
      return found === pages ? undefined : `${found} pages`;
    }),
    checkThat(`${what}: zbar decodes every barcode of the first page to its tracking number and QR payload`, () =>
      sameList(decodeBarcodes(pdf, 1).sort(), expectedCodes(labels.slice(0, perPage))),
    ),
    ...(pages > 1
      ? [checkThat(`${what}: zbar decodes every barcode of the last page`, () => sameList(decodeBarcodes(pdf, pages).sort(), expectedCodes(labels.slice((pages - 1) * perPage))))]
      : []),
  ];
}

/**
 * The ZPL file read back: one ^XA…^XZ per label, each tracking number's Code128 exactly once and in
 * the order given, both fonts downloaded whole; the first and the last label drawn by zpl-renderer-js
 * (not ours) at 203 dpi, and zbar decodes both barcodes of each.
 */
async function checkZpl(zpl: Uint8Array, labels: readonly LabelData[]): Promise<CheckResult[]> {
  const source = new TextDecoder().decode(zpl);
  const what = `${labels.length} labels as ZPL`;
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  const blocks = source.split('^XA').slice(1);
  const drawn = async (block: string | undefined) =>
    block ? decodeImage(Buffer.from(await api.zplToBase64Async(`${source.slice(0, source.indexOf('^XA'))}^XA${block}`, 100, 150, 8), 'base64')).sort() : [];
  const [first, last] = [await drawn(blocks[0]), await drawn(blocks.at(-1))];
  return [
    checkThat(`${what}: ${labels.length} labels (^XA … ^XZ), every tracking number once, in order`, () => {
      const tracking = [...source.matchAll(/\^BCN,[^^]+\^FH\^FD([^^]+)\^FS/g)].map((m) => m[1]);
      if (blocks.length !== labels.length || (source.match(/\^XZ/g) ?? []).length !== labels.length) return `${blocks.length} labels`;
      const wrong = labels.findIndex((l, i) => tracking[i] !== l.trackingNumber);
      return wrong === -1 && tracking.length === labels.length ? undefined : `label ${wrong + 1} holds ${tracking[wrong]}, ${tracking.length} barcodes`;
    }),
    checkThat(`${what}: both fonts downloaded whole before the first label`, () => {
      const downloads = [...source.slice(0, source.indexOf('^XA')).matchAll(/~DU(R:[A-Z]+\.TTF),(\d+),([0-9A-F]+)\n/g)];
      const whole = downloads.filter((d) => d[3]!.length === 2 * Number(d[2]));
      return whole.length === 2 ? undefined : `${whole.length} of ${downloads.length} downloads whole`;
    }),
    checkThat(`${what}: zbar decodes both barcodes of the first label, drawn by zpl-renderer-js`, () => sameList(first, expectedCodes(labels.slice(0, 1)))),
    checkThat(`${what}: zbar decodes both barcodes of the last label`, () => sameList(last, expectedCodes(labels.slice(-1)))),
  ];
}

function checkManifest(pdf: Uint8Array, data: ManifestData): CheckResult[] {
  const what = `Manifest of ${data.rows.length} rows`;
  return [
    checkThat(`${what}: qpdf --check finds the file sound`, () => (qpdfCheck(pdf), undefined)),
    checkThat(`${what}: every item number printed exactly once, the parcel count on the last page`, () => {
      const text = pdfText(pdf);
      const counts = new Map<string, number>();
      for (const m of text.matchAll(/PP\d{10}/g)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
      const wrong = data.rows.filter((r) => counts.get(r.itemNumber) !== 1);
      if (wrong.length > 0 || counts.size !== data.rows.length) return `${wrong.length} item numbers missing or repeated, ${counts.size} distinct found`;
      const last = pdfText(pdf, pdfInfo(pdf).pages);
      const count = data.rows.length.toLocaleString('en').replaceAll(',', ' ');
      return last.includes(count) ? undefined : `no "${count}" on the last page`;
    }),
  ];
}

interface ScenarioResult {
  results: Measured[];
  checks: CheckResult[];
}

/**
 * Runs one scenario in this process. Each scenario gets a fresh process (see below), so its first
 * run pays what a freshly started process pays, and its memory growth is not hidden by heap pages
 * an earlier scenario left committed.
 */
async function runScenario(name: string): Promise<ScenarioResult> {
  const sampler = rssSampler();
  // The script line runs plain `tsx`, without --expose-gc.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const rendered: Uint8Array[] = [];
  // A full collection before a run, except between single labels: one every 40 ms would slow them.
  const measure = async (document: string, render: () => Promise<Uint8Array>, collect = true): Promise<Measured> => {
    if (collect) collectGarbage();
    const baseline = await sampler.start();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const pdf = await render();
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const growthBytes = Math.max(0, (await sampler.peak()) - baseline);
    rendered.push(pdf);
    return { document, ms: elapsed, cpuMs: (used.user + used.system) / 1000, bytes: pdf.length, growthBytes };
  };
  const labels = () => Array.from({ length: LABELS_MAX_ITEMS }, (_, i) => shipment(i));
  const results: Measured[] = [];
  let checks: () => CheckResult[] | Promise<CheckResult[]>;
  try {
    if (name === 'label') {
      const [first, ...next] = labels();
      // The first call loads the fonts and compiles the code; then the steady state.
      results.push(await measure('1 label, A6, first call', () => renderLabels([first!], { kind: 'A6' }, LABEL_CAPTIONS)));
      const runs: Measured[] = [];
      for (const label of next.slice(0, 20)) runs.push(await measure('', () => renderLabels([label], { kind: 'A6' }, LABEL_CAPTIONS), false));
      results.push({
        document: '1 label, A6, p50 of next 20',
        ms: percentile(
          runs.map((m) => m.ms),
          50,
        ),
        cpuMs: percentile(
          runs.map((m) => m.cpuMs),
          50,
        ),
        bytes: runs[0]!.bytes,
        growthBytes: Math.max(...runs.map((m) => m.growthBytes)),
      });
      checks = () => [...checkLabels(rendered[0]!, [first!], 'A6', ', first call'), ...checkLabels(rendered.at(-1)!, [next[19]!], 'A6', ', 21st call')];
    } else if (name === 'labels') {
      const all = labels();
      for (let run = 1; run <= BULK_RUNS; run++) {
        results.push(await measure(`${LABELS_MAX_ITEMS} labels, A4 4-up, run ${run}`, () => renderLabels(all, { kind: 'A4', start: 1 }, LABEL_CAPTIONS)));
      }
      // The first run's file: the one a freshly started process wrote.
      checks = () => checkLabels(rendered[0]!, all, 'A4');
    } else if (name === 'labels-thermal') {
      const all = labels();
      for (let run = 1; run <= BULK_RUNS; run++) {
        results.push(await measure(`${LABELS_MAX_ITEMS} labels, 100×150 PDF, run ${run}`, () => renderLabels(all, { kind: '100x150' }, LABEL_CAPTIONS)));
      }
      checks = () => checkLabels(rendered[0]!, all, '100x150');
    } else if (name === 'labels-zpl') {
      const all = labels();
      for (let run = 1; run <= BULK_RUNS; run++) results.push(await measure(`${LABELS_MAX_ITEMS} labels, ZPL 203 dpi, run ${run}`, () => renderZplLabels(all, 8, LABEL_CAPTIONS)));
      checks = () => checkZpl(rendered[0]!, all);
    } else {
      const data = manifest(MANIFEST_MAX_ITEMS);
      for (let run = 1; run <= 2; run++) results.push(await measure(`Manifest, ${MANIFEST_MAX_ITEMS} rows, run ${run}`, () => renderManifest(data, MANIFEST_CAPTIONS)));
      checks = () => checkManifest(rendered[0]!, data);
    }
  } finally {
    await sampler.stop();
  }
  return { results, checks: await checks() };
}

const SCENARIOS = ['label', 'labels', 'labels-thermal', 'labels-zpl', 'manifest'];
const scenario = process.argv[2];

if (scenario) {
  process.stdout.write(JSON.stringify(await runScenario(scenario)));
} else {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const loadBefore = load();
  const results: Measured[] = [];
  const checks: CheckResult[] = [];
  for (const name of SCENARIOS) {
    // The same script in a fresh Node with the same loader (tsx), one scenario each.
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (child.status !== 0) throw new Error(`Scenario ${name} failed (exit ${child.status})`);
    const outcome = JSON.parse(child.stdout) as ScenarioResult;
    results.push(...outcome.results);
    checks.push(...outcome.checks);
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `\nLabel and manifest renderers (Node ${process.version}; load ${loadBefore} before, ${load()} after; RSS sampled every 50 ms, growth over the RSS before each run)\n`,
  );
  console.log(
    table(
      ['document', 'ms', 'CPU ms', 'size', 'peak RSS growth'],
      results.map((r) => [r.document, ms(r.ms), ms(r.cpuMs), kb(r.bytes), mb(r.growthBytes)]),
    ),
  );
  console.log(`\nMachine load (1, 5, 15 min): ${loadBefore} before, ${load()} after.\n`);
  const find = (prefix: string) => results.filter((r) => r.document.startsWith(prefix));
  const bulk = find(`${LABELS_MAX_ITEMS} labels, A4 4-up, run`);
  const round = (value: number) => Math.round(value);
  const goal = { kind: 'max', value: GOAL_MS } as const;
  // Judged on every run, the first included: a freshly started process's first bulk print.
  let met = figure(BENCH, `${LABELS_MAX_ITEMS} labels on A4 (4 per sheet), first run of a process`, round(bulk[0]!.ms), 'ms', goal);
  met = figure(BENCH, `${LABELS_MAX_ITEMS} labels on A4, warm (slowest of runs 2-${BULK_RUNS})`, round(Math.max(...bulk.slice(1).map((r) => r.ms))), 'ms', goal) && met;
  figure(BENCH, `${LABELS_MAX_ITEMS} labels on A4, file size`, round(bulk[0]!.bytes / 1024), 'KB');
  figure(BENCH, `${LABELS_MAX_ITEMS} labels on A4, peak memory growth (first run)`, Number((bulk[0]!.growthBytes / 1024 / 1024).toFixed(1)), 'MB');
  const thermal = find(`${LABELS_MAX_ITEMS} labels, 100×150 PDF`);
  met = figure(BENCH, `${LABELS_MAX_ITEMS} labels on 100×150 mm PDF pages, first run of a process`, round(thermal[0]!.ms), 'ms', goal) && met;
  met =
    figure(BENCH, `${LABELS_MAX_ITEMS} labels on 100×150 mm PDF pages, warm (slowest of runs 2-${BULK_RUNS})`, round(Math.max(...thermal.slice(1).map((r) => r.ms))), 'ms', goal) &&
    met;
  const zpl = find(`${LABELS_MAX_ITEMS} labels, ZPL 203 dpi, run`);
  const zplGoal = { kind: 'max', value: ZPL_GOAL_MS } as const;
  // Judged as a desk prints through the day: on a running render thread. The first run of a
  // thread (started by the first document after a quiet spell) compiles the font subsetter's
  // WebAssembly (~0.2 s once) and is shown beside.
  met = figure(BENCH, `${LABELS_MAX_ITEMS} labels as ZPL, warm (slowest of runs 2-${BULK_RUNS})`, round(Math.max(...zpl.slice(1).map((r) => r.ms))), 'ms', zplGoal) && met;
  figure(BENCH, `${LABELS_MAX_ITEMS} labels as ZPL, first run of a process (a thread's first document)`, round(zpl[0]!.ms), 'ms');
  figure(BENCH, `${LABELS_MAX_ITEMS} labels as ZPL, file size`, round(zpl[0]!.bytes / 1024), 'KB');
  const [firstLabel, nextLabels] = find('1 label');
  figure(BENCH, '1 label on A6, first call of a process', round(firstLabel!.ms), 'ms');
  figure(BENCH, '1 label on A6, warm (p50 of 20)', Number(nextLabels!.ms.toFixed(1)), 'ms');
  const [manifestRun, manifestWarm] = find('Manifest');
  figure(BENCH, `Manifest of ${MANIFEST_MAX_ITEMS} rows, first run of a process`, round(manifestRun!.ms), 'ms');
  figure(BENCH, `Manifest of ${MANIFEST_MAX_ITEMS} rows, warm (run 2)`, round(manifestWarm!.ms), 'ms');
  figure(BENCH, `Manifest of ${MANIFEST_MAX_ITEMS} rows, file size`, round(manifestRun!.bytes / 1024), 'KB');
  figure(BENCH, 'machine load (1-min average) after the runs', Number(loadavg()[0]!.toFixed(2)), '');
  let right = true;
  for (const c of checks) right = check(BENCH, c.name, c.ok, c.detail) && right;
  console.log(
    `\n${LABELS_MAX_ITEMS} labels: goals ≤ ${GOAL_MS} ms (PDF, every run, the first included) and ≤ ${ZPL_GOAL_MS} ms (ZPL, as a started server prints): ${met ? 'met' : 'MISSED'}; ${right ? 'every check right' : 'SOME CHECK WRONG'}.`,
  );
  process.exitCode = met && right ? 0 : 1;
}
