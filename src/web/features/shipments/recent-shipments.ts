// The item numbers of shipments created in this tab a moment ago (the send form, the wizard's
// accepted submissions), for the list to mark its new rows. Each is kept RECENTLY_CREATED_MS,
// also across a reload of the tab (sessionStorage), then forgotten.
import { useSyncExternalStore } from 'react';

export const RECENTLY_CREATED_MS = 5 * 60_000;
export const RECENTLY_CREATED_KEY = 'recently-created';

/** item number -> when it was created (epoch ms). */
let created = load();
let snapshot: ReadonlySet<string> = new Set(created.keys());
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function load(): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(RECENTLY_CREATED_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return new Map();
    const now = Date.now();
    return new Map(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && now - e[1] < RECENTLY_CREATED_MS));
  } catch {
    return new Map();
  }
}

function save(): void {
  try {
    if (created.size === 0) sessionStorage.removeItem(RECENTLY_CREATED_KEY);
    else sessionStorage.setItem(RECENTLY_CREATED_KEY, JSON.stringify(Object.fromEntries(created)));
  } catch {
    // storage unavailable: the marks last for this page only
  }
}

/** Drops what is older than RECENTLY_CREATED_MS and wakes up again when the next one is due. */
function expire(now = Date.now()): void {
  clearTimeout(timer);
  timer = undefined;
  let changed = false;
  for (const [item, at] of created) {
    if (now - at >= RECENTLY_CREATED_MS) {
      created.delete(item);
      changed = true;
    }
  }
  if (changed) publish();
  const oldest = Math.min(...created.values());
  if (Number.isFinite(oldest)) timer = setTimeout(() => expire(), Math.max(0, oldest + RECENTLY_CREATED_MS - Date.now()));
}

function publish(): void {
  snapshot = new Set(created.keys());
  save();
  listeners.forEach((l) => l());
}

/** Marks these item numbers as created now. */
export function rememberCreated(itemNumbers: Iterable<string>, now = Date.now()): void {
  let changed = false;
  for (const item of itemNumbers) {
    created.set(item, now);
    changed = true;
  }
  if (!changed) return;
  publish();
  expire(now);
}

/** Forgets every mark (a sign-out, tests). */
export function forgetCreated(): void {
  clearTimeout(timer);
  timer = undefined;
  created = new Map();
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Marks restored from the session expire once someone looks at them.
  if (listeners.size === 1) expire();
  return () => listeners.delete(listener);
}

/** The item numbers created in the last few minutes, as now. */
export function recentlyCreated(): ReadonlySet<string> {
  return snapshot;
}

/** The item numbers created in the last few minutes (a new Set whenever it changes). */
export function useRecentlyCreated(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => snapshot);
}
