// Helpers for component tests: find controls as a user does (by label or
// name) and change them as the browser would.
import { act } from 'react';

export function byLabel<T extends HTMLElement = HTMLInputElement>(root: ParentNode, text: string): T {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
  const id = label?.getAttribute('for');
  const control = id ? document.getElementById(id) : label?.querySelector('input, select, textarea');
  if (!control) throw new Error(`no control labelled ${text}`);
  return control as T;
}

export function buttonNamed(root: ParentNode, name: string): HTMLButtonElement {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
}

export function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Types a day into a DateInput as a person would (dd.mm.yyyy) and leaves the field, which applies it. */
export function typeDay(input: HTMLInputElement, iso: string) {
  const [year, month, day] = iso.split('-');
  type(input, `${day}.${month}.${year}`);
  act(() => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

export function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function click(element: HTMLElement) {
  act(() => element.click());
}
