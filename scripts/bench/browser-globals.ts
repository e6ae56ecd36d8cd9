// The browser globals the web app's offline code reads, for benchmarks that run it in Node:
// localStorage (the token record) and window (the `online` event). Import before any web module.
// Also the one virtual module the web code imports (vite.config.ts makes it in the dev server and
// the build): the catalogs' fixed addresses, as the tests get them.
import { register } from 'node:module';
import { LANGUAGES } from '#shared/domain/languages.ts';

const LOCALE_URLS = `export const catalogUrls = ${JSON.stringify(Object.fromEntries(LANGUAGES.map(({ code }) => [code, `/locales/${code}.json`])))};`;
register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'virtual:portal-locale-urls') return { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(LOCALE_URLS)}`)}, shortCircuit: true };
  return next(specifier, context);
}`)}`,
);

class MemoryStorage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

/** Stands in for `window`: dispatch `online` on it to wake the sync engines. */
export const page = new EventTarget();
Object.assign(globalThis, { localStorage: new MemoryStorage(), window: page });
