import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldWhile, useMenuOpenWithin } from './use-held-while.ts';

describe('useHeldWhile', () => {
  it('follows the value until the hold starts, keeps it while held, and catches up after', () => {
    const { result, rerender } = renderHook(({ hold, value }) => useHeldWhile(hold, value), { initialProps: { hold: false, value: ['a'] } });
    expect(result.current).toEqual(['a']);
    const first = ['a', 'b'];
    rerender({ hold: false, value: first });
    expect(result.current).toBe(first);
    rerender({ hold: true, value: ['new', 'a', 'b'] });
    expect(result.current).toBe(first);
    rerender({ hold: true, value: ['newer', 'new', 'a', 'b'] });
    expect(result.current).toBe(first);
    const last = ['newest', 'newer', 'new', 'a', 'b'];
    rerender({ hold: false, value: last });
    expect(result.current).toBe(last);
  });
});

function MenuProbe() {
  const [open, ref] = useMenuOpenWithin();
  return (
    <div ref={ref}>
      <p>{open ? 'menu open' : 'menu closed'}</p>
      <ul role="menu" popover="auto" aria-label="Actions" />
      <div role="dialog" popover="auto" aria-label="Other" />
    </div>
  );
}

const toggle = (element: HTMLElement, newState: 'open' | 'closed') => {
  const event = new Event('toggle');
  Object.assign(event, { newState, oldState: newState === 'open' ? 'closed' : 'open' });
  element.dispatchEvent(event);
};

describe('useMenuOpenWithin', () => {
  it('tells when a row menu inside the container opens and closes, not other popovers', () => {
    render(<MenuProbe />);
    expect(screen.getByText('menu closed')).toBeTruthy();
    act(() => toggle(screen.getByRole('dialog', { hidden: true }), 'open'));
    expect(screen.getByText('menu closed')).toBeTruthy();
    act(() => toggle(screen.getByRole('menu', { hidden: true }), 'open'));
    expect(screen.getByText('menu open')).toBeTruthy();
    act(() => toggle(screen.getByRole('menu', { hidden: true }), 'closed'));
    expect(screen.getByText('menu closed')).toBeTruthy();
  });
});
