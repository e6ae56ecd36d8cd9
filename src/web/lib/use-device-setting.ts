import { useCallback, useSyncExternalStore } from 'react';

// A user's choice kept on this device (localStorage), live in every component and tab that reads
// it. Storage that cannot be used (private mode, quota) keeps the choice for this page only.
const listeners = new Set<() => void>();
const memory = new Map<string, string | null>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
  listeners.forEach((l) => l());
}

/** The stored text under `key` (null when none) and a setter (null removes it). */
export function useDeviceSetting(key: string): [string | null, (value: string | null) => void] {
  const value = useSyncExternalStore(subscribe, () => read(key), () => null);
  const set = useCallback((next: string | null) => write(key, next), [key]);
  return [value, set];
}
