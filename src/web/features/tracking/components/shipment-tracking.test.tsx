import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackAnswer } from '#shared/contract/tracking.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
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

/** Renders the page for a search and waits until the lookup has ended (the Track button works again). */
async function show(search: TrackingSearch) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSearch = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ShipmentTracking search={search} onSearch={onSearch} />
    </QueryClientProvider>,
  );
  // The query's answer arrives through TanStack Query's batched notifications: wait inside act.
  await act(async () => {
    await vi.waitFor(() => {
      expect(screen.queryByText('Looking up the shipment…')).toBeNull();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Track' }).disabled).toBe(false);
    });
  });
  return { onSearch };
}

/** A link to another site, which says it opens in a new tab. */
const externalLink = (name: string) => screen.getByRole<HTMLAnchorElement>('link', { name: `${name} (opens in a new tab)` });

describe('ShipmentTracking', () => {
  it('runs the search of the URL and lists the events with the partner link', async () => {
    fetchMock().mockResolvedValueOnce(json(answer()));
    await show({ tracking_number: 'CP100000017SK', zip: '81101' });
    expect(fetchMock().mock.calls[0]![0]).toBe('/api/v1/shipments/track?tracking_number=CP100000017SK&zip=81101');

    const [, body] = within(screen.getByRole('table', { name: 'Events, newest first' })).getAllByRole('rowgroup');
    const rows = within(body!)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toMatch(/^\d{2}\.\d{2}\.2026 \d{2}:\d{2}$/);
    expect(rows[0]!.slice(1)).toEqual(['Arrived at the depot', 'Bratislava depot']);
    expect(rows[1]![2]).toBe('—None');

    const link = externalLink('Tracking page of Slovak Parcel Service');
    expect(link.href).toBe('https://example.com/track/sps?parcel=CP100000017SK');
  });

  it("says when there are no events yet, and names the portal's own page as such", async () => {
    fetchMock().mockResolvedValueOnce(json(answer({ events: [], tracking_link: `${window.location.origin}/package/tracking?tracking_number=CP100000017SK` })));
    await show({ tracking_number: 'CP100000017SK' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No events yet.')).toBeTruthy();
    expect(externalLink('Public tracking page')).toBeTruthy();
  });

  it('says when the shipment is not found', async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Shipment not found', error: 'not_found' }, 404));
    await show({ tracking_number: 'XX1' });
    expect(screen.getByRole('alert').textContent).toBe('Shipment not found');
  });

  it("offers only the public page for someone else's shipment", async () => {
    fetchMock().mockResolvedValueOnce(json({ tracking_link: 'https://example.com/track/sps?parcel=CP100000025SK' }));
    await show({ tracking_number: 'CP100000025SK' });
    expect(screen.getByRole('status').textContent).toContain('is not one of yours');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('waits for a number before asking the server', async () => {
    await show({});
    expect(fetchMock()).not.toHaveBeenCalled();
    expect(screen.getByRole('search', { name: 'Track a shipment' })).toBeTruthy();
  });
});
