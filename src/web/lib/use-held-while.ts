import { useEffect, useState } from 'react';

/**
 * `value` as it was when `hold` became true, for as long as `hold` stays true; the live value
 * otherwise. For lists that refresh in the background: a row under an open menu must not move
 * (a click aimed at a menu item would land beside it and close the menu).
 */
export function useHeldWhile<T>(hold: boolean, value: T): T {
  const [held, setHeld] = useState(value);
  // Adjusting state while rendering (React's pattern for "what it was before"): kept in step
  // with the live value until the hold starts.
  if (!hold && held !== value) setHeld(value);
  return hold ? held : value;
}

/**
 * Whether a menu (`[role="menu"][popover]`) inside an element is open, and the callback ref that
 * names the element (a callback, so an element that mounts later, after a skeleton, is watched
 * too). `toggle` events do not bubble, so they are caught on the way down (capture).
 */
export function useMenuOpenWithin(): [boolean, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!element) return;
    const onToggle = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'menu' || !target.hasAttribute('popover')) return;
      setOpen((event as ToggleEvent).newState === 'open');
    };
    element.addEventListener('toggle', onToggle, true);
    return () => {
      element.removeEventListener('toggle', onToggle, true);
      setOpen(false);
    };
  }, [element]);
  return [open, setElement];
}
