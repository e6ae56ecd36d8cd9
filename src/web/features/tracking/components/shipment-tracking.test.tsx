import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackAnswer } from '../../../../shared/contract/tracking.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import type { TrackingSearch } from '../tracking-search.ts';
import { ShipmentTracking } from './shipment-tracking.tsx';

const answer = (patch: Partial<TrackAnswer> = {}): TrackAnswer => ({
  events: [
    { date: '2026-05-06T08:20:00.000Z', name: 'Arrived at the depot', code: 'ARRIVED', location: 'Bratislava depot' },
    { date: '2026-05-06T08:00:00.000Z', name: 'Shipment created, label ready', code: 'CREATED', location: null },
  ],
  tracking_link: 'https://example.com/track/sps?parcel=CP100000017SK',
  partner_name: 'Slovak Parcel Service',
  ...patch,
});

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function show(search: TrackingSearch) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSearch = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <ShipmentTracking search={search} onSearch={onSearch} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  // The query's answer arrives through TanStack Query's batched notifications: wait inside act.
  await act(async () => {
    await vi.waitFor(() => expect(view.container.querySelector('[aria-busy="true"]')).toBeNull());
  });
  return { container: view.container, onSearch };
}

describe('ShipmentTracking', () => {
  it('runs the search of the URL and lists the events with the partner link', async () => {
    fetchMock().mockResolvedValueOnce(json(answer()));
    const { container } = await show({ tracking_number: 'CP100000017SK', zip: '81101' });
    expect(fetchMock().mock.calls[0]![0]).toBe('/api/v1/shipments/track?tracking_number=CP100000017SK&zip=81101');

    const rows = [...container.querySelectorAll('table tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toMatch(/^\d{2}\.\d{2}\.2026 \d{2}:\d{2}$/);
    expect(rows[0]!.slice(1)).toEqual(['Arrived at the depot', 'Bratislava depot']);
    expect(rows[1]![2]).toBe('—None');

    const link = container.querySelector<HTMLAnchorElement>('a[target="_blank"]')!;
    expect(link.href).toBe('https://example.com/track/sps?parcel=CP100000017SK');
    expect(link.textContent).toContain('Tracking page of Slovak Parcel Service');
  });

  it("says when there are no events yet, and names the portal's own page as such", async () => {
    fetchMock().mockResolvedValueOnce(json(answer({ events: [], tracking_link: `${window.location.origin}/package/tracking?tracking_number=CP100000017SK` })));
    const { container } = await show({ tracking_number: 'CP100000017SK' });
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toContain('No events yet.');
    expect(container.querySelector('a[target="_blank"]')?.textContent).toContain('Public tracking page');
  });

  it('says when the shipment is not found', async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Shipment not found', error: 'not_found' }, 404));
    const { container } = await show({ tracking_number: 'XX1' });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Shipment not found');
  });

  it("offers only the public page for someone else's shipment", async () => {
    fetchMock().mockResolvedValueOnce(json({ tracking_link: 'https://example.com/track/sps?parcel=CP100000025SK' }));
    const { container } = await show({ tracking_number: 'CP100000025SK' });
    expect(container.textContent).toContain('is not one of yours');
    expect(container.querySelector('table')).toBeNull();
  });

  it('waits for a number before asking the server', async () => {
    const { container } = await show({});
    expect(fetchMock()).not.toHaveBeenCalled();
    expect(container.querySelector('form[role="search"]')).not.toBeNull();
  });
});
