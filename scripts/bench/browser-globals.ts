// The browser globals the web app's offline code reads, for benchmarks that run it in Node:
// localStorage (the token record) and window (the `online` event). Import before any web module.

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
