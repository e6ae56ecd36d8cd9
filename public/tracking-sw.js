// The public tracking page's own service worker (README note 125), registered by
// tracking-offline.js after the page's load, scope /package/tracking only: the portal's app keeps
// its own worker at "/". Online, every page comes from the server as before; a result page the
// server lets a browser keep (the status view: never one with `no-store`, the full view or a
// postal code) is kept, the last KEPT_RESULTS parcels for MAX_AGE_DAYS. Offline, the page of a
// parcel looked up before comes from here with "as it was at <time>" (the server's Date), and any
// other lookup gets the offline page: "cannot be looked up offline". Both notes are in the page's
// language, rendered hidden by the server (features/tracking/components/offline-notes.tsx).
const RESULTS = 'tracking-results-v1';
const FILES = 'tracking-files-v1';
const PAGE_PATH = '/package/tracking';
const OFFLINE_PATH = '/package/tracking/offline';
const LANGUAGES = { en: 'en', sk: 'sk', de: 'de', cz: 'cz', cs: 'cz' };
const KEPT_RESULTS = 10;
const KEPT_FILES = 12;
const MAX_AGE_DAYS = 30;
const TIME_ZONE = 'Europe/Bratislava';

const normalizedNumber = (value) => (value || '').replace(/\s+/g, '').toUpperCase();
/** The language picked on the page (`?lang=`, a portal code: `cz`, never `cs`), else null. */
const chosenLanguage = (url) => {
  const code = url.searchParams.get('lang');
  return code && LANGUAGES[code] === code ? code : null;
};
/** The browser's language as the server reads Accept-Language (shared/domain/languages.ts). */
const browserLanguage = () => (self.navigator.languages || []).map((tag) => LANGUAGES[tag.toLowerCase().split('-')[0]]).find(Boolean) || 'en';
const resultKey = (number, language) => `${PAGE_PATH}?tracking_number=${encodeURIComponent(number)}${language ? `&lang=${language}` : ''}`;
const offlineKey = (language) => `${OFFLINE_PATH}?lang=${language}`;
const escapeText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** dd.MM.yyyy HH:mm in the carrier's zone, as the page's own times (lib/format.ts formatDateTimeIn). */
function pageTime(date) {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.day}.${part.month}.${part.year} ${part.hour}:${part.minute}`;
}

/** The same-origin files a page's head names (stylesheet, icons, manifest, this worker's script). */
const headFiles = (html) => [...(html.split('</head>')[0] ?? '').matchAll(/(?:href|src)="(\/[^"/][^"]*)"/g)].map((match) => match[1]);

/** Keeps what a kept page needs to look right offline; the oldest files beyond KEPT_FILES go. */
async function keepFiles(html) {
  const files = await caches.open(FILES);
  for (const file of headFiles(html)) {
    if (await files.match(file)) continue;
    const response = await fetch(file).catch(() => null);
    if (response && response.ok) await files.put(file, response);
  }
  const kept = (await files.keys()).filter((request) => new URL(request.url).pathname !== OFFLINE_PATH);
  for (const request of kept.slice(0, Math.max(0, kept.length - KEPT_FILES))) await files.delete(request);
}

/** The offline page in one language, fetched again at each install (a release changes it). */
async function keepOfflinePage(language) {
  const response = await fetch(offlineKey(language));
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(FILES)).put(offlineKey(language), response);
  await keepFiles(html);
}

/** A lookup's page, kept when the server allows it and it shows a parcel's status view. */
async function keepResult(key, response) {
  if (response.status !== 200 || /no-store/.test(response.headers.get('cache-control') || '')) return;
  const html = await response.text();
  if (!html.includes('id="tracking-offline-result"')) return;
  const results = await caches.open(RESULTS);
  await results.delete(key);
  // The server's Date is the time the page says it was "as it was at".
  await results.put(
    key,
    new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', date: response.headers.get('date') || new Date().toUTCString() } }),
  );
  const kept = await results.keys();
  for (const request of kept.slice(0, Math.max(0, kept.length - KEPT_RESULTS))) await results.delete(request);
  await keepFiles(html);
}

/** The kept page of a parcel: in the language asked for, else the newest in another; null when none or too old. */
async function keptResult(number, language) {
  const results = await caches.open(RESULTS);
  let kept = await results.match(resultKey(number, language));
  if (!kept) {
    const same = (await results.keys()).filter((request) => new URL(request.url).searchParams.get('tracking_number') === number);
    kept = same.length > 0 ? await results.match(same[same.length - 1]) : undefined;
  }
  const at = kept ? new Date(kept.headers.get('date') || 0) : null;
  if (!kept || !(at.getTime() > Date.now() - MAX_AGE_DAYS * 86_400_000)) return null;
  return { html: await kept.text(), at };
}

const htmlResponse = (html) => new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });

/** What a tracking page's address shows offline. */
async function offlinePage(url) {
  const number = normalizedNumber(url.searchParams.get('tracking_number'));
  const language = chosenLanguage(url);
  const kept = number ? await keptResult(number, language) : null;
  if (kept) {
    return htmlResponse(
      kept.html
        .replace(/(<div id="tracking-offline-result") hidden=""/, '$1')
        .replace(/<time id="tracking-offline-time"><\/time>/, `<time id="tracking-offline-time" datetime="${kept.at.toISOString()}">${pageTime(kept.at)}</time>`),
    );
  }
  const files = await caches.open(FILES);
  const page = (await files.match(offlineKey(language || browserLanguage()))) || (await files.match(offlineKey('en')));
  if (!page) return Response.error();
  let html = await page.text();
  if (number) {
    html = html
      .replace(/(<p id="tracking-offline-unknown") hidden=""/, '$1')
      .replace(/(<strong id="tracking-offline-number"[^>]*>)(<\/strong>)/, `$1${escapeText(number)}$2`)
      .replace(/(<input[^>]*name="tracking_number"[^>]*value=")(")/, `$1${escapeText(number)}$2`);
  }
  return htmlResponse(html);
}

async function trackingPage(event, url) {
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    return offlinePage(url);
  }
  const number = normalizedNumber(url.searchParams.get('tracking_number'));
  if (number) event.waitUntil(keepResult(resultKey(number, chosenLanguage(url)), response.clone()).catch(() => {}));
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.allSettled(
      Object.keys(LANGUAGES)
        .filter((code) => code !== 'cs')
        .map(keepOfflinePage),
    ).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (/^tracking-(results|files)-/.test(name) && name !== RESULTS && name !== FILES) await caches.delete(name);
      await self.clients.claim();
      // The page that registered this worker came from the network before it: keep its parcel too.
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        const url = new URL(client.url);
        const number = normalizedNumber(url.searchParams.get('tracking_number'));
        if (url.pathname !== PAGE_PATH || !number) continue;
        const response = await fetch(url.href).catch(() => null);
        if (response) await keepResult(resultKey(number, chosenLanguage(url)), response).catch(() => {});
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === PAGE_PATH) event.respondWith(trackingPage(event, url));
    return;
  }
  // A kept page's files (stylesheet, icons, the script): the network's, else the kept copy offline.
  event.respondWith(fetch(request).catch(async () => (await caches.match(request, { cacheName: FILES })) || Response.error()));
});
