// Files the user already downloaded that should open offline (manifest PDFs, issue 32 item 5;
// README note 124). Kept by the page in Cache Storage under a made-up address per client and
// file (`/kept-files/{client}/{key}`), never fetched: the service worker keeps no /api answer
// (note 10), and a file kept here is client data, removed at sign-out with the query cache.

const CACHE_NAME = 'kept-files';
const PREFIX = '/kept-files/';
const NAME_HEADER = 'x-kept-filename';

export interface KeptFile {
  blob: Blob;
  filename: string;
}

const storage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);
const address = (clientId: string, key: string) => `${PREFIX}${encodeURIComponent(clientId)}/${encodeURIComponent(key)}`;

/** Keeps `file` for `clientId` under `key` (replacing an older copy). A refused store is no error: the download itself worked. */
export async function keepFile(clientId: string, key: string, file: KeptFile): Promise<void> {
  const cacheStorage = storage();
  if (!cacheStorage) return;
  try {
    const cache = await cacheStorage.open(CACHE_NAME);
    const headers = { 'content-type': file.blob.type || 'application/octet-stream', [NAME_HEADER]: encodeURIComponent(file.filename) };
    await cache.put(address(clientId, key), new Response(file.blob, { headers }));
  } catch (error) {
    console.warn('A downloaded file could not be kept for offline use', error);
  }
}

/** The file kept for `clientId` under `key`, or null. */
export async function keptFile(clientId: string, key: string): Promise<KeptFile | null> {
  const cacheStorage = storage();
  if (!cacheStorage) return null;
  const response = await (await cacheStorage.open(CACHE_NAME)).match(address(clientId, key));
  if (!response) return null;
  return { blob: await response.blob(), filename: decodeURIComponent(response.headers.get(NAME_HEADER) ?? key) };
}

/** The keys `clientId` has files kept under that start with `prefix`. */
export async function keptFileKeys(clientId: string, prefix = ''): Promise<Set<string>> {
  const cacheStorage = storage();
  if (!cacheStorage) return new Set();
  const start = `${PREFIX}${encodeURIComponent(clientId)}/`;
  const keys = new Set<string>();
  for (const request of await (await cacheStorage.open(CACHE_NAME)).keys()) {
    const path = new URL(request.url).pathname;
    if (!path.startsWith(start)) continue;
    const key = decodeURIComponent(path.slice(start.length));
    if (key.startsWith(prefix)) keys.add(key);
  }
  return keys;
}

/** Removes every kept file (sign-out, a session that ended). */
export async function forgetKeptFiles(): Promise<void> {
  await storage()
    ?.delete(CACHE_NAME)
    .catch(() => false);
}
