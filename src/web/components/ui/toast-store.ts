// Toasts of spec section 4: one at a time (TOAST_LIMIT: a new one replaces the old), dismissable.
// How long each stays and when it goes is the decision written beside TOAST_REMOVE_DELAY_MS in
// shared/domain/limits.ts: success and info leave by themselves (the time stands still while
// the reader is on it), errors and warnings stay until dismissed, and a toast goes when the user
// moves to another page, unless it was raised as part of that move.
import { useSyncExternalStore } from 'react';
import { TOAST_ACTION_DISMISS_MS, TOAST_AUTO_DISMISS_MS, TOAST_REMOVE_DELAY_MS } from '#shared/domain/limits.ts';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** The one thing a toast may offer besides closing ("Print label"). */
export interface ToastAction {
  label: string;
  /**
   * Runs on a click; the toast waits (its button busy) while a returned promise is pending and
   * then closes. The action reports its own failure (usually with an error toast, which replaces
   * this one).
   */
  run: () => unknown;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
  /** When it was raised (epoch ms): a navigation that starts right after is the one it belongs to. */
  raisedAt: number;
}

export interface ToastOptions {
  kind?: ToastKind;
  action?: ToastAction;
}

/** A toast raised at most this long before a navigation starts was raised as part of it. */
export const TOAST_NAVIGATION_GRACE_MS = 1_000;

/** How long a toast stays unless dismissed: success and info a few seconds, errors and warnings the spec's upper bound. */
export function toastLifetime(toast: Pick<Toast, 'kind' | 'action'>): number {
  if (toast.kind === 'error' || toast.kind === 'warning') return TOAST_REMOVE_DELAY_MS;
  return toast.action ? TOAST_ACTION_DISMISS_MS : TOAST_AUTO_DISMISS_MS;
}

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
/** When the running timer fires (epoch ms); while paused, the time that was left. */
let deadline = 0;
let remaining = 0;
let paused = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function arm(id: number, ms: number): void {
  clearTimeout(timer);
  paused = false;
  deadline = Date.now() + ms;
  timer = setTimeout(() => dismissToast(id), ms);
}

/** Shows a toast in place of the one shown. `options` is its kind (default success) or kind and action. */
export function showToast(message: string, options: ToastKind | ToastOptions = 'success'): void {
  const { kind = 'success', action } = typeof options === 'string' ? { kind: options } : options;
  current = { id: nextId++, kind, message, ...(action ? { action } : {}), raisedAt: Date.now() };
  arm(current.id, toastLifetime(current));
  emit();
}

/** Removes the toast shown, or only the one with this id (a replaced toast's id does nothing). */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  paused = false;
  current = null;
  emit();
}

/** Stops the toast's clock (the reader points at it or has focused it); resumeToast goes on with the time left. */
export function pauseToast(id: number): void {
  if (!current || current.id !== id || paused) return;
  clearTimeout(timer);
  remaining = Math.max(0, deadline - Date.now());
  paused = true;
}

export function resumeToast(id: number): void {
  if (!current || current.id !== id || !paused) return;
  arm(id, remaining);
}

/**
 * The user is moving to another page: the toast shown no longer speaks about what is on screen,
 * unless it was raised just before this navigation began (the success that led to it).
 */
export function dismissStaleToast(now = Date.now()): void {
  if (current && now - current.raisedAt > TOAST_NAVIGATION_GRACE_MS) dismissToast(current.id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): Toast | null {
  return useSyncExternalStore(subscribe, () => current);
}
