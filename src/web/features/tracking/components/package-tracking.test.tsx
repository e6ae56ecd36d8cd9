import { i18n } from '@lingui/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicTracking } from '#shared/contract/tracking.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
import { PackageTracking } from './package-tracking.tsx';

const tracking = (patch: Partial<PublicTracking> = {}): PublicTracking => ({
  tracking_number: 'CP100000017SK',
  view: 'full',
  destination_country: 'SK',
  milestone: 'ARRIVED',
  deleted: false,
  events: [
    { date: '2026-05-06T08:20:00.000Z', name: 'Arrived at the depot', code: 'ARRIVED', location: 'Bratislava depot' },
    { date: '2026-05-06T08:00:00.000Z', name: 'Shipment created, label ready', code: 'CREATED', location: null },
  ],
  partner_name: 'Slovak Parcel Service',
  partner_tracking_link: null,
  ...patch,
});

const fetchMock = stubFetchPerTest();

/** Renders the page for a search and waits until the lookup has ended. */
async function show(search: TrackingSearch, onSearch = vi.fn()) {
  const view = render(<PackageTracking search={search} onSearch={onSearch} />);
  await settle(() => expect(screen.queryByText('Looking up the parcel…')).toBeNull());
  return { unmount: view.unmount, onSearch };
}

/** Lets the lookup's promises and React's updates run until `check` passes. */
async function settle(check: () => void) {
  await vi.waitFor(async () => {
    await act(async () => {});
    check();
  });
}

const headline = () => screen.getByRole('heading', { level: 2 }).textContent;
const progress = () => screen.queryByRole('list', { name: 'Progress' });
const events = () => within(screen.getByRole('list', { name: 'Events, newest first' })).getAllByRole('listitem');

describe('PackageTracking', () => {
  it('heads a failed delivery attempt or a parcel waiting at a pickup point with that event, not "Out for delivery"', async () => {
    const failed = { date: '2026-05-07T15:00:00.000Z', name: 'Delivery attempt failed', code: 'DELIVERY_FAILED', location: 'Bratislava' } as const;
    fetchMock().mockResolvedValueOnce(json(tracking({ milestone: 'OUT_FOR_DELIVERY', events: [failed, ...tracking().events] })));
    const first = await show({ tracking_number: 'CP100000017SK' });
    expect(headline()).toBe('Delivery attempt failed');
    first.unmount();

    const waiting = { date: '2026-05-07T15:00:00.000Z', name: 'Ready for collection at the pickup point', code: 'AT_PICKUP_POINT', location: null } as const;
    fetchMock().mockResolvedValueOnce(json(tracking({ milestone: 'OUT_FOR_DELIVERY', events: [waiting, ...tracking().events] })));
    await show({ tracking_number: 'CP100000017SK' });
    expect(headline()).toBe('Ready for collection at the pickup point');
  });

  it('looks up the number of the URL and shows the timeline, partner and events, newest first', async () => {
    fetchMock().mockResolvedValueOnce(json(tracking({ milestone: 'SENT', partner_tracking_link: 'https://example.com/track/sps?parcel=CP100000017SK' })));
    await show({ tracking_number: 'CP100000017SK', zip: '811 01' });

    const [url, init] = fetchMock().mock.calls[0]!;
    expect(url).toBe('/api/v1/tracking/CP100000017SK?zip=811+01');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();

    // Each step names its milestone and whether it is reached; reached ones also show their time.
    const steps = within(progress()!).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('paragraph').textContent)).toEqual([
      'Registered (reached)',
      'At the depot (reached)',
      'On its way (reached)',
      'Out for delivery (not yet)',
      'Delivered (not yet)',
    ]);
    expect(within(progress()!).getByRole('listitem', { current: 'step' })).toBe(steps[2]);
    expect(headline()).toBe('On its way');

    const [newest, oldest] = events().map((event) => event.textContent);
    expect(newest).toContain('Arrived at the depot');
    expect(newest).toContain('Bratislava depot');
    expect(oldest).toContain('Shipment created, label ready');

    const partnerLink = screen.getByRole<HTMLAnchorElement>('link', { name: 'Tracking page of Slovak Parcel Service (opens in a new tab)' });
    expect(partnerLink.href).toBe('https://example.com/track/sps?parcel=CP100000017SK');
    expect(partnerLink.rel).toContain('noopener');
  });

  it('describes events in the language of the page, switched without a new lookup', async () => {
    fetchMock().mockResolvedValueOnce(json(tracking()));
    await show({ tracking_number: 'CP100000017SK' });
    const firstEvent = () => events()[0]!.textContent;
    expect(firstEvent()).toContain('Arrived at the depot');
    try {
      await act(async () => {
        i18n.load('sk', { 'tracking.event.ARRIVED': 'Prijatá na depe' });
        i18n.activate('sk');
      });
      expect(firstEvent()).toContain('Prijatá na depe');
      expect(fetchMock()).toHaveBeenCalledTimes(1);
    } finally {
      await act(async () => i18n.activate('en'));
    }
  });

  it('shows a cancelled shipment without a timeline', async () => {
    fetchMock().mockResolvedValueOnce(
      json(
        tracking({
          milestone: null,
          deleted: true,
          events: [{ date: '2026-05-06T09:00:00.000Z', name: 'Shipment cancelled by the sender', code: 'DELETED', location: null }],
        }),
      ),
    );
    await show({ tracking_number: 'CP100000017SK' });
    expect(headline()).toBe('Cancelled');
    expect(screen.getByRole('status').textContent).toContain('The sender cancelled this shipment.');
    expect(progress()).toBeNull();
    expect(events().map((event) => event.textContent)).toEqual([expect.stringContaining('Shipment cancelled by the sender')]);
  });

  it('says when a parcel is not found, or when there were too many lookups', async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Shipment not found', error: 'not_found' }, 404));
    const notFound = await show({ tracking_number: 'XX1' });
    expect(screen.getByRole('alert').textContent).toContain('Shipment not found');
    notFound.unmount();

    fetchMock().mockResolvedValueOnce(json({ message: 'Too many requests', error: 'too_many_requests' }, 429, { 'retry-after': '30' }));
    await show({ tracking_number: 'XX2' });
    expect(screen.getByRole('alert').textContent).toContain('Too many lookups in a short time.');
  });

  it('runs the lookup again when the connection comes back', async () => {
    fetchMock().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(tracking()));
    await show({ tracking_number: 'CP100000017SK' });
    expect(screen.getByRole('alert').textContent).toContain('You are offline.');

    await act(async () => window.dispatchEvent(new Event('online')));
    await settle(() => expect(progress()).not.toBeNull());
    expect(fetchMock()).toHaveBeenCalledTimes(2);
  });

  it('asks for a number before searching, and hands a typed one over as printed', async () => {
    const user = userEvent.setup();
    const { onSearch } = await show({});
    expect(fetchMock()).not.toHaveBeenCalled();
    const form = within(screen.getByRole('search', { name: 'Track a parcel' }));
    await user.click(form.getByRole('button', { name: 'Track' }));
    expect(form.getByRole('alert').textContent).toContain('Enter the tracking number');
    expect(form.getByLabelText('Tracking number')).toBe(document.activeElement);
    expect(onSearch).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('Tracking number'), 'cp 100 000 017 sk');
    await user.type(form.getByLabelText('Destination postal code (optional)'), ' 81101 ');
    await user.click(form.getByRole('button', { name: 'Track' }));
    expect(onSearch).toHaveBeenCalledWith({ tracking_number: 'CP100000017SK', zip: '81101' });
  });
});
