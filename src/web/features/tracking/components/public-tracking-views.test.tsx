// The public page with what the server answers since issue 18: the status view of a lookup without
// the postal code (no country, partner or places), and the brake on wrong postal codes.
import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTracking } from '#shared/contract/tracking.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import type { TrackingSearch } from '#shared/domain/tracking-search.ts';
import { PackageTracking } from './package-tracking.tsx';

const statusView: PublicTracking = {
  tracking_number: 'CP100000017SK',
  view: 'status',
  destination_country: null,
  milestone: 'OUT_FOR_DELIVERY',
  deleted: false,
  events: [
    { date: '2026-05-07T09:00:00.000Z', name: 'Ready for collection at the pickup point', code: 'AT_PICKUP_POINT', location: null },
    { date: '2026-05-06T08:20:00.000Z', name: 'Arrived at the depot', code: 'ARRIVED', location: null },
    { date: '2026-05-06T08:00:00.000Z', name: 'Shipment created, label ready', code: 'CREATED', location: null },
  ],
  partner_name: null,
  partner_tracking_link: null,
};

/** The line above the result's heading: "Parcel {number}" (and " to {country}" in the full view). */
const parcelLine = () => within(screen.getByRole('article')).getByText((_, el) => el?.tagName === 'P' && /^Parcel /.test(el.textContent ?? '')).textContent;

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function show(search: TrackingSearch) {
  const onSearch = vi.fn();
  const view = render(<PackageTracking search={search} onSearch={onSearch} />);
  cleanup = view.unmount;
  await vi.waitFor(async () => {
    await act(async () => {});
    expect(screen.queryByText('Looking up the parcel…')).toBeNull();
  });
  return { onSearch };
}

describe('the public page without the postal code', () => {
  it('shows the status, the timeline and the events, says how to see more, and names no country or partner', async () => {
    fetchMock().mockResolvedValueOnce(json(statusView));
    await show({ tracking_number: 'CP100000017SK' });

    expect(screen.getByRole('heading', { level: 2, name: 'Ready for collection at the pickup point' })).toBeTruthy();
    expect(parcelLine()).toBe('Parcel CP100000017SK');
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(within(screen.getByRole('list', { name: 'Events, newest first' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Enter the destination postal code to also see the destination country, the places and the delivery partner.')).toBeTruthy();
    expect(screen.queryByText(/Delivery partner:/)).toBeNull();
    expect(within(screen.getByRole('article')).queryByRole('link')).toBeNull();
  });

  it('shows the country and the partner, without the hint, in the full view', async () => {
    fetchMock().mockResolvedValueOnce(json({ ...statusView, view: 'full', destination_country: 'SK', partner_name: 'Slovak Parcel Service' }));
    await show({ tracking_number: 'CP100000017SK', zip: '81101' });

    expect(parcelLine()).toBe('Parcel CP100000017SK to Slovakia');
    expect(screen.getByText(/Delivery partner:/).textContent).toBe('Delivery partner: Slovak Parcel Service');
    expect(screen.queryByText(/Enter the destination postal code/)).toBeNull();
  });
});

describe('too many wrong postal codes', () => {
  const limited = () => {
    const message = 'Too many wrong postal codes for this parcel. Try again later, or track it without the postal code.';
    return json({ message, error: 'too_many_requests', errors: { zip: [message] } }, 429, { 'retry-after': '840' });
  };

  it('says so and offers the lookup without the postal code', async () => {
    fetchMock().mockResolvedValueOnce(limited());
    const { onSearch } = await show({ tracking_number: 'CP100000017SK', zip: '81101' });

    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Too many wrong postal codes for this parcel.')).toBeTruthy();
    expect(within(alert).getByText('Try again later. Without the postal code, you can still see the parcel’s status.')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    await act(async () => within(alert).getByRole('button', { name: 'Track without the postal code' }).click());
    expect(onSearch).toHaveBeenCalledWith({ tracking_number: 'CP100000017SK' });
  });

  it('keeps the per-address limit its own text and a retry', async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Too many requests. Try again later.', error: 'too_many_requests' }, 429, { 'retry-after': '30' }));
    await show({ tracking_number: 'CP100000017SK', zip: '81101' });

    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Too many lookups in a short time.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Track without the postal code' })).toBeNull();
  });
});
