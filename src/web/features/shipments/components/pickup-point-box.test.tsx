// The parcel point box the send form and the wizard share: the search until a point is chosen, then
// the point with Change; Change reopens the search with Cancel; the focus follows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { PickupPointBox } from './pickup-point-box.tsx';

const point = (id: string, name: string, street: string, city: string, zip: string): PickupPoint => ({
  id,
  partner_id: 1,
  partner_name: 'Demo Partner',
  country: 'SK',
  type: 'parcel_locker',
  delivery_method: 'parcel_locker',
  name,
  street,
  city,
  zip,
  latitude: 48.15,
  longitude: 17.11,
  opening_hours: { mon: '00:00-24:00' },
  distance_km: null,
});
const POINTS = [point('SK-PT-0001', 'Box Obchodná', 'Obchodná 12', 'Bratislava', '81106'), point('SK-PT-0002', 'Box Hlavná', 'Hlavná 1', 'Košice', '04001')];

const fetchMock = stubFetchPerTest();
let widgets: Record<string, string> = {};

beforeEach(() => {
  widgets = {};
  fetchMock().mockImplementation(async (input) => {
    if (String(input).includes('/pickup-points')) return jsonResponse({ points: POINTS, count: POINTS.length });
    return jsonResponse({ pickup_widgets: widgets });
  });
  // The browser does not share its location: the search lists by text at once.
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_found: unknown, failed: (error: { code: number }) => void) => failed({ code: 1 }) },
  });
});

afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

/** The box as a form holds it: the chosen point in the form's state. */
function Form({ onSelect }: { onSelect?: (point: PickupPoint) => void }) {
  const [chosen, setChosen] = useState<PickupPoint | null>(null);
  return (
    <PickupPointBox
      country="SK"
      point={chosen}
      onSelect={(selected) => {
        setChosen(selected);
        onSelect?.(selected);
      }}
      error={chosen ? null : <p role="alert">Choose a parcel point.</p>}
    />
  );
}

function setup(ui = <Form />) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { user: userEvent.setup(), box: screen.getByRole('group', { name: 'Parcel point' }) };
}

const pointButton = async (name: string) => within(await screen.findByRole('list', { name: 'Parcel points' })).getByRole('button', { name: new RegExp(name) });

describe('PickupPointBox', () => {
  it('searches until a point is chosen, then shows it with Change, which takes the focus', async () => {
    const onSelect = vi.fn();
    const { user, box } = setup(<Form onSelect={onSelect} />);
    expect(within(box).getByRole('searchbox', { name: 'Search parcel points' })).toBeTruthy();
    expect(within(box).getByRole('alert').textContent).toBe('Choose a parcel point.');
    expect(within(box).queryByRole('button', { name: 'Change' })).toBeNull();

    await user.click(await pointButton('Box Hlavná'));

    expect(onSelect).toHaveBeenCalledWith(POINTS[1]);
    expect(within(box).getByText('Box Hlavná')).toBeTruthy();
    expect(within(box).getByText('Hlavná 1, 04001 Košice')).toBeTruthy();
    expect(within(box).getByText('SK-PT-0002')).toBeTruthy();
    expect(within(box).queryByRole('searchbox')).toBeNull();
    expect(within(box).queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Change' }));
  });

  it('reopens the search on Change (focus in it) and keeps the point on Cancel (focus back on Change)', async () => {
    const { user, box } = setup();
    await user.click(await pointButton('Box Obchodná'));

    await user.click(within(box).getByRole('button', { name: 'Change' }));
    const search = within(box).getByRole('searchbox', { name: 'Search parcel points' });
    expect(document.activeElement?.contains(search)).toBe(true);
    expect(within(box).queryByRole('button', { name: 'Change' })).toBeNull();

    await user.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(within(box).getByText('Box Obchodná')).toBeTruthy();
    expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Change' }));

    // Another point replaces the chosen one.
    await user.click(within(box).getByRole('button', { name: 'Change' }));
    await user.click(await pointButton('Box Hlavná'));
    expect(within(box).getByText('Box Hlavná')).toBeTruthy();
    expect(within(box).queryByText('Box Obchodná')).toBeNull();
  });

  it("shows the partner's map instead of the search where one is configured for the country", async () => {
    widgets = { SK: 'https://widget.example/sk' };
    const { box } = setup();
    const frame = await within(box).findByTitle('Parcel point map');
    expect(frame.getAttribute('src')).toBe('https://widget.example/sk');
    expect(within(box).queryByRole('searchbox')).toBeNull();
  });
});
