import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ServicesGrid } from './services-grid.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

const initial = [
  { country: 'SK', product: 'PRM', delivery_method: 'parcel_locker' },
  { country: 'SK', product: 'PRM', delivery_method: 'home_delivery' },
  { country: 'CZ', product: 'TRC', delivery_method: 'home_delivery' },
];

async function setup() {
  fetchMock().mockResolvedValueOnce(json({ services: initial }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ServicesGrid partnerId={3} />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole('table');
  return userEvent.setup({ delay: null });
}

const box = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });
const sentBody = (call: number) => JSON.parse(String(fetchMock().mock.calls[call]![1]?.body)) as { services: unknown[]; confirm: boolean };
/** The dialogs a user sees (a closed one is out of the accessibility tree). */
const openDialogs = () => screen.queryAllByRole('dialog');

describe('the services grid', () => {
  it('shows the countries the partner serves, with a labelled checkbox per product and method', async () => {
    await setup();
    expect(box('SK PRM parcel locker').checked).toBe(true);
    expect(box('SK RTN other pick-up point').checked).toBe(false);
    expect(box('CZ TRC home delivery').checked).toBe(true);
    // One row per country, headed by it.
    expect(within(screen.getByRole('table')).getAllByRole('rowheader')).toHaveLength(2);
  });

  it('sends the whole grid, an added country included', async () => {
    const user = await setup();
    await user.click(box('SK PRM home delivery'));
    await user.selectOptions(screen.getByLabelText('Add country'), 'HU');
    await user.click(box('HU UTR pickup point'));

    fetchMock().mockResolvedValueOnce(json({ services: [] }));
    await user.click(screen.getByRole('button', { name: 'Save services' }));
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock().mock.calls[1]!;
    expect(String(url)).toContain('/api/v1/admin/partners/3/services');
    expect(init?.method).toBe('PUT');
    const body = sentBody(1);
    expect(body.confirm).toBe(false);
    expect(body.services).toHaveLength(3);
    expect(body.services).toEqual(
      expect.arrayContaining([
        { country: 'SK', product: 'PRM', delivery_method: 'parcel_locker' },
        { country: 'CZ', product: 'TRC', delivery_method: 'home_delivery' },
        { country: 'HU', product: 'UTR', delivery_method: 'pickup_point' },
      ]),
    );
    expect(await screen.findByText('Services saved.')).toBeTruthy();
  });

  it('on 409 shows the addresses and resends with confirm when the admin agrees', async () => {
    const user = await setup();
    await user.click(box('SK PRM parcel locker'));
    fetchMock().mockResolvedValueOnce(
      json(
        {
          error: 'conflict',
          message: '2 pickup addresses prefer this partner for a service you remove. Confirm to remove those preferences too.',
          errors: { services: ['Zahrada s.r.o., Hlavná 1, Bratislava: SK PRM parcel locker', 'Sklad, Mlynská 2, Košice: SK PRM parcel locker'] },
        },
        409,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save services' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 pickup addresses prefer this partner');
    expect(dialog.textContent).toContain('Hlavná 1, Bratislava');
    expect(dialog.textContent).toContain('Mlynská 2, Košice');

    fetchMock().mockResolvedValueOnce(json({ services: initial.slice(1) }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove the services and these preferences' }));
    await vi.waitFor(() => expect(fetchMock()).toHaveBeenCalledTimes(3));
    expect(sentBody(2)).toEqual({ services: sentBody(1).services, confirm: true });
    await vi.waitFor(() => expect(openDialogs()).toHaveLength(0));
    expect(await screen.findByText('Services saved.')).toBeTruthy();
  });

  it('sends nothing more when the admin cancels the 409 question', async () => {
    const user = await setup();
    await user.click(box('CZ TRC home delivery'));
    fetchMock().mockResolvedValueOnce(json({ error: 'conflict', message: 'Preferred.', errors: { services: ['A, B'] } }, 409));
    await user.click(screen.getByRole('button', { name: 'Save services' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(openDialogs()).toHaveLength(0);
    expect(fetchMock()).toHaveBeenCalledTimes(2);
    expect(box('CZ TRC home delivery').checked).toBe(false);
  });
});
