import { i18n } from '@lingui/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTracking } from '../../../../shared/contract/tracking.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import type { TrackingSearch } from '../tracking-search.ts';
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
let cleanup: (() => void) | undefined;

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function show(search: TrackingSearch, onSearch = vi.fn()) {
  const view = render(<PackageTracking search={search} onSearch={onSearch} />);
  cleanup = view.unmount;
  await settle(() => expect(view.container.querySelector('[aria-busy="true"]')).toBeNull());
  return { ...view, onSearch };
}

/** Lets the lookup's promises and React's updates run until `check` passes. */
async function settle(check: () => void) {
  await vi.waitFor(async () => {
    await act(async () => {});
    check();
  });
}

const text = (el: Element) => el.textContent ?? '';

describe('PackageTracking', () => {
  it('heads a failed delivery attempt or a parcel waiting at a pickup point with that event, not "Out for delivery"', async () => {
    const failed = { date: '2026-05-07T15:00:00.000Z', name: 'Delivery attempt failed', code: 'DELIVERY_FAILED', location: 'Bratislava' } as const;
    fetchMock().mockResolvedValueOnce(json(tracking({ milestone: 'OUT_FOR_DELIVERY', events: [failed, ...tracking().events] })));
    const first = await show({ tracking_number: 'CP100000017SK' });
    expect(text(first.container.querySelector('h2')!)).toBe('Delivery attempt failed');
    cleanup?.();

    const waiting = { date: '2026-05-07T15:00:00.000Z', name: 'Ready for collection at the pickup point', code: 'AT_PICKUP_POINT', location: null } as const;
    fetchMock().mockResolvedValueOnce(json(tracking({ milestone: 'OUT_FOR_DELIVERY', events: [waiting, ...tracking().events] })));
    const second = await show({ tracking_number: 'CP100000017SK' });
    expect(text(second.container.querySelector('h2')!)).toBe('Ready for collection at the pickup point');
  });

  it('looks up the number of the URL and shows the timeline, partner and events, newest first', async () => {
    fetchMock().mockResolvedValueOnce(json(tracking({ milestone: 'SENT', partner_tracking_link: 'https://example.com/track/sps?parcel=CP100000017SK' })));
    const { container } = await show({ tracking_number: 'CP100000017SK', zip: '811 01' });

    const [url, init] = fetchMock().mock.calls[0]!;
    expect(url).toBe('/api/v1/tracking/CP100000017SK?zip=811+01');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();

    const steps = [...container.querySelectorAll('ol[aria-label="Progress"] > li')];
    expect(steps.map((li) => text(li.querySelector('p')!))).toEqual([
      'Registered (reached)',
      'At the depot (reached)',
      'On its way (reached)',
      'Out for delivery (not yet)',
      'Delivered (not yet)',
    ]);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
    expect(text(container.querySelector('h2')!)).toBe('On its way');

    const events = [...container.querySelectorAll('ol[aria-label="Events, newest first"] > li')].map(text);
    expect(events[0]).toContain('Arrived at the depot');
    expect(events[0]).toContain('Bratislava depot');
    expect(events[1]).toContain('Shipment created, label ready');

    const partnerLink = container.querySelector<HTMLAnchorElement>('a[target="_blank"]')!;
    expect(partnerLink.href).toBe('https://example.com/track/sps?parcel=CP100000017SK');
    expect(partnerLink.rel).toContain('noopener');
    expect(text(partnerLink)).toContain('Slovak Parcel Service');
  });

  it('describes events in the language of the page, switched without a new lookup', async () => {
    fetchMock().mockResolvedValueOnce(json(tracking()));
    const { container } = await show({ tracking_number: 'CP100000017SK' });
    const firstEvent = () => text(container.querySelector('ol[aria-label="Events, newest first"] > li')!);
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
    const { container } = await show({ tracking_number: 'CP100000017SK' });
    expect(text(container.querySelector('h2')!)).toBe('Cancelled');
    expect(container.textContent).toContain('The sender cancelled this shipment.');
    expect(container.querySelector('ol[aria-label="Progress"]')).toBeNull();
    expect(container.textContent).toContain('Shipment cancelled by the sender');
  });

  it('says when a parcel is not found, or when there were too many lookups', async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Shipment not found', error: 'not_found' }, 404));
    const notFound = await show({ tracking_number: 'XX1' });
    expect(text(notFound.container.querySelector('[role="alert"]')!)).toContain('Shipment not found');
    notFound.unmount();

    fetchMock().mockResolvedValueOnce(json({ message: 'Too many requests', error: 'too_many_requests' }, 429, { 'retry-after': '30' }));
    const limited = await show({ tracking_number: 'XX2' });
    expect(text(limited.container.querySelector('[role="alert"]')!)).toContain('Too many lookups in a short time.');
  });

  it('runs the lookup again when the connection comes back', async () => {
    fetchMock().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(tracking()));
    const { container } = await show({ tracking_number: 'CP100000017SK' });
    expect(text(container.querySelector('[role="alert"]')!)).toContain('You are offline.');

    await act(async () => window.dispatchEvent(new Event('online')));
    await settle(() => expect(container.querySelector('ol[aria-label="Progress"]')).not.toBeNull());
    expect(fetchMock()).toHaveBeenCalledTimes(2);
  });

  it('asks for a number before searching, and hands a typed one over as printed', async () => {
    const { container, onSearch } = await show({});
    expect(fetchMock()).not.toHaveBeenCalled();
    const form = container.querySelector('form')!;
    await act(async () => form.requestSubmit());
    expect(text(container.querySelector('[role="alert"]')!)).toContain('Enter the tracking number');
    expect(onSearch).not.toHaveBeenCalled();

    const [numberInput, zipInput] = [...container.querySelectorAll('input')];
    await act(async () => {
      setValue(numberInput!, 'cp 100 000 017 sk');
      setValue(zipInput!, ' 81101 ');
      form.requestSubmit();
    });
    expect(onSearch).toHaveBeenCalledWith({ tracking_number: 'CP100000017SK', zip: '81101' });
  });
});

/** Types into a React-controlled input. */
function setValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
