// Toasts of spec section 4: one at a time (a new one replaces the old), dismissable, removed after
// TOAST_REMOVE_DELAY_MS.
import { useSyncExternalStore } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '../../../shared/domain/limits.ts';

export interface Toast {
  id: number;
  kind: 'success' | 'error' | 'info';
  message: string;
}

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(message: string, kind: Toast['kind'] = 'success'): void {
  clearTimeout(timer);
  current = { id: nextId++, kind, message };
  const id = current.id;
  timer = setTimeout(() => dismissToast(id), TOAST_REMOVE_DELAY_MS);
  emit();
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

export function useToast(): Toast | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
