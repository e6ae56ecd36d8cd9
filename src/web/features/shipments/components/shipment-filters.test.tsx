import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { ShipmentFilters } from './shipment-filters.tsx';
import type { ShipmentListSearch } from './shipment-list-search.ts';

let cleanup: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  // The admin's company list.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify([
            { id: '0b4c3a63-3f43-4d8e-9a55-5b7e8f6f2c11', name: 'Bohemia Books s.r.o.', city: 'Brno', country: 'CZ', companyIdentificationNumber: '07654321', clientCount: 1 },
          ]),
          { headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(search: ShipmentListSearch = {}, isAdmin = false) {
  const onChange = vi.fn();
  const onReset = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (s: ShipmentListSearch) => (
    <QueryClientProvider client={client}>
      <ShipmentFilters search={s} isAdmin={isAdmin} onChange={onChange} onReset={onReset} />
    </QueryClientProvider>
  );
  const view = render(ui(search));
  cleanup = view.unmount;
  const field = <T extends HTMLElement>(label: string) => {
    const element = [...view.container.querySelectorAll('label')].find((l) => l.textContent === label);
    const control = element && document.getElementById(element.htmlFor);
    if (!control) throw new Error(`no field ${label}`);
    return control as T;
  };
  return { view, onChange, onReset, field, rerender: (s: ShipmentListSearch) => view.rerender(ui(s)) };
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('ShipmentFilters', () => {
  it('applies a number filter 2000 ms after the last keystroke', () => {
    const { field, onChange } = setup();
    const input = field<HTMLInputElement>('Reference number');
    type(input, 'ORD');
    act(() => vi.advanceTimersByTime(1500));
    type(input, 'ORD-1');
    act(() => vi.advanceTimersByTime(1999));

    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ reference_number: 'ORD-1' });
  });

  it('applies a number filter at once on Enter', () => {
    const { field, onChange } = setup();
    const input = field<HTMLInputElement>('Item number');
    type(input, 'PP0000000001');
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });

    expect(onChange).toHaveBeenCalledWith({ item_number: 'PP0000000001' });
  });

  it('clears a filter when its text is removed', () => {
    const { field, onChange } = setup({ tracking_number: 'LX000000015SK' });
    type(field<HTMLInputElement>('Tracking number'), '');
    act(() => vi.advanceTimersByTime(2000));

    expect(onChange).toHaveBeenCalledWith({ tracking_number: undefined });
  });

  it('follows the URL when the filters are reset, dropping a pending change', () => {
    const { field, onChange, rerender } = setup({ item_number: 'PP1' });
    const input = field<HTMLInputElement>('Item number');
    type(input, 'PP12');
    rerender({});
    act(() => vi.advanceTimersByTime(5000));

    expect(input.value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('applies the status and country selects at once, and a day typed as dd.mm.yyyy when it is complete', () => {
    const { field, onChange } = setup();
    choose(field<HTMLSelectElement>('Status'), 'MANIFESTED');
    choose(field<HTMLSelectElement>('Country'), 'DE');
    const from = field<HTMLInputElement>('Created from');
    type(from, '1.1.2026');
    expect(onChange).toHaveBeenCalledTimes(2);
    act(() => void from.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));

    expect(onChange.mock.calls).toEqual([[{ status: 'MANIFESTED' }], [{ country: 'DE' }], [{ createdFrom: '2026-01-01' }]]);
    // Text that is no day is marked and not applied.
    type(field<HTMLInputElement>('Created to'), '31.02.2026');
    act(() => void field<HTMLInputElement>('Created to').dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(field<HTMLInputElement>('Created to').getAttribute('aria-invalid')).toBe('true');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('shows the company, delivery-method and partner filters only to admins', () => {
    const { view } = setup();
    const labels = [...view.container.querySelectorAll('label')].map((l) => l.textContent);

    expect(labels).not.toContain('Company');
    expect(labels).not.toContain('Delivery method');
    expect(labels).not.toContain('Partner');
  });

  it('applies an admin select 500 ms after the choice', () => {
    const { field, onChange } = setup({}, true);
    choose(field<HTMLSelectElement>('Partner'), '3');
    act(() => vi.advanceTimersByTime(499));

    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ partner_id: 3 });
  });

  it('lists the companies for the admin', async () => {
    const { field } = setup({}, true);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    const options = [...field<HTMLSelectElement>('Company').options].map((o) => o.textContent);

    expect(options).toEqual(['All companies', 'Bohemia Books s.r.o.']);
  });

  it('offers Reset filters only when a filter is set', () => {
    const empty = setup();
    const button = () => [...empty.view.container.querySelectorAll('button')].filter((b) => b.textContent === 'Reset filters');

    expect(button().every((b) => b.disabled)).toBe(true);
    empty.rerender({ status: 'SENT' });
    const enabled = button().filter((b) => !b.disabled);
    expect(enabled.length).toBeGreaterThan(0);
    act(() => enabled[0]?.click());
    expect(empty.onReset).toHaveBeenCalledOnce();
  });

  it('shows the filters in force as chips while the fields are folded away; a chip removes its filter', () => {
    localStorage.setItem('shipment-filters-open', '0');
    const { view, onChange } = setup({ status: 'SENT', country: 'CZ', reference_number: 'INV-7' });
    const chips = view.container.querySelector('[aria-label="Filters in force"]');
    expect(chips?.textContent).toContain('Reference number: INV-7');
    expect(chips?.textContent).toContain('Status: Sent');
    expect(chips?.textContent).toContain('Country: Czechia');
    const toggle = [...view.container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Filters (3)'));
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');

    act(() => view.container.querySelector<HTMLButtonElement>('[aria-label="Remove filter Status: Sent"]')?.click());
    expect(onChange).toHaveBeenCalledWith({ status: undefined });

    // Opening shows the fields (and the choice is kept for the next visit).
    act(() => toggle?.click());
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(view.container.querySelector('[aria-label="Filters in force"]')).toBeNull();
    expect(localStorage.getItem('shipment-filters-open')).toBe('1');
    localStorage.removeItem('shipment-filters-open');
  });
});
