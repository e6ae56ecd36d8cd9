import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { ShipmentFilters } from './shipment-filters.tsx';
import type { ShipmentListSearch } from './shipment-list-search.ts';

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
  const field = <T extends HTMLElement>(label: string) => screen.getByLabelText<T>(label);
  return { onChange, onReset, field, rerender: (s: ShipmentListSearch) => view.rerender(ui(s)) };
}

// The tests run the debounce clocks themselves (fake timers), so the fields change through
// fireEvent on the controls found by their labels (user-event's pauses would wait on the clock).
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const choose = type;
const press = (element: HTMLElement, key: string) => fireEvent.keyDown(element, { key });

describe('ShipmentFilters', () => {
  it('filters by delivery status at once, names it translated, and shows it as a chip', () => {
    const { field, onChange, rerender } = setup();
    const select = field<HTMLSelectElement>('Delivery progress');
    expect([...select.options].map((o) => o.text)).toEqual([
      'All delivery statuses', 'Not handed over yet', 'Handed over', 'In transit', 'Out for delivery', 'Ready for pickup', 'Delivery problem', 'Delivered', 'Returned', 'Cancelled',
    ]);
    choose(select, 'out_for_delivery');
    expect(onChange).toHaveBeenCalledWith({ tracking_status: 'out_for_delivery' });
    rerender({ tracking_status: 'out_for_delivery' });
    fireEvent.click(screen.getByRole('button', { name: /Filters \(1\)/ }));
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(within(chips).getByText('Out for delivery')).toBeTruthy();
  });

  it('applies a number filter 2000 ms after the last keystroke', () => {
    const { field, onChange } = setup();
    const input = field('Reference number');
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
    const input = field('Item number');
    type(input, 'PP0000000001');
    press(input, 'Enter');

    expect(onChange).toHaveBeenCalledWith({ item_number: 'PP0000000001' });
  });

  it('clears a filter when its text is removed', () => {
    const { field, onChange } = setup({ tracking_number: 'LX000000015SK' });
    type(field('Tracking number'), '');
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
    choose(field('Status'), 'MANIFESTED');
    choose(field('Country'), 'DE');
    type(field('Created from'), '1.1.2026');
    expect(onChange).toHaveBeenCalledTimes(2);
    press(field('Created from'), 'Enter');

    expect(onChange.mock.calls).toEqual([[{ status: 'MANIFESTED' }], [{ country: 'DE' }], [{ createdFrom: '2026-01-01' }]]);
    // Text that is no day is marked and not applied (leaving the field applies what it holds).
    type(field('Created to'), '31.02.2026');
    fireEvent.blur(field('Created to'));
    expect(field<HTMLInputElement>('Created to').getAttribute('aria-invalid')).toBe('true');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('shows the company, delivery-method and partner filters only to admins', () => {
    setup();

    expect(screen.queryByLabelText('Company')).toBeNull();
    expect(screen.queryByLabelText('Delivery method')).toBeNull();
    expect(screen.queryByLabelText('Partner')).toBeNull();
  });

  it('applies an admin select 500 ms after the choice', () => {
    const { field, onChange } = setup({}, true);
    choose(field('Partner'), '3');
    act(() => vi.advanceTimersByTime(499));

    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ partner_id: 3 });
  });

  it('lists the companies for the admin', async () => {
    const { field } = setup({}, true);
    // The admin contract loads with the first request (a dynamic import, outside the fake timers).
    await vi.waitFor(async () => {
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      const options = within(field('Company'))
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(options).toEqual(['All companies', 'Bohemia Books s.r.o.']);
    });
  });

  it('offers Reset filters only when a filter is set', () => {
    const empty = setup();
    const button = () => screen.queryAllByRole<HTMLButtonElement>('button', { name: 'Reset filters' });

    expect(button().every((b) => b.disabled)).toBe(true);
    empty.rerender({ status: 'SENT' });
    const enabled = button().filter((b) => !b.disabled);
    expect(enabled.length).toBeGreaterThan(0);
    fireEvent.click(enabled[0]!);
    expect(empty.onReset).toHaveBeenCalledOnce();
  });

  it('shows the filters in force as chips while the fields are folded away; a chip removes its filter', () => {
    localStorage.setItem('shipment-filters-open', '0');
    const { onChange } = setup({ status: 'SENT', country: 'CZ', reference_number: 'INV-7' });
    const chips = screen.getByLabelText('Filters in force');
    expect(chips.textContent).toContain('Reference number: INV-7');
    expect(chips.textContent).toContain('Status: Sent');
    expect(chips.textContent).toContain('Country: Czechia');
    const toggle = screen.getByRole('button', { name: /^Filters \(3\)/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(within(chips).getByRole('button', { name: 'Remove filter Status: Sent' }));
    expect(onChange).toHaveBeenCalledWith({ status: undefined });

    // Opening shows the fields (and the choice is kept for the next visit).
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByLabelText('Filters in force')).toBeNull();
    expect(localStorage.getItem('shipment-filters-open')).toBe('1');
    localStorage.removeItem('shipment-filters-open');
  });
});
