import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { followableLink, TrackRedirect } from './track-redirect.tsx';

const fetchMock = stubFetchPerTest();

/** Opens the page for a number: it says it is looking the parcel up, until the lookup ends. */
async function open(trackingNumber: string) {
  const go = vi.fn();
  const view = render(<TrackRedirect trackingNumber={trackingNumber} go={go} />);
  expect(screen.getByRole('status').textContent).toBe(`Looking up parcel ${trackingNumber}…`);
  await vi.waitFor(async () => {
    await act(async () => {});
    expect(screen.queryByRole('status')).toBeNull();
  });
  return { unmount: view.unmount, go };
}

describe('TrackRedirect', () => {
  it('asks for the tracking link without a session and sends the browser there', async () => {
    fetchMock().mockResolvedValueOnce(json({ tracking_link: 'https://example.com/track/sps?parcel=CP100000017SK' }));
    const { go } = await open('CP100000017SK');
    expect(fetchMock().mock.calls[0]![0]).toBe('/api/v1/shipments/track?tracking_number=CP100000017SK');
    expect(go).toHaveBeenCalledWith('https://example.com/track/sps?parcel=CP100000017SK');
    // The spinner is gone; a link remains in case the browser is slow to leave.
    expect(screen.queryByText(/Looking up parcel/)).toBeNull();
    expect(screen.getByRole('link', { name: 'tracking page' }).getAttribute('href')).toBe('https://example.com/track/sps?parcel=CP100000017SK');
  });

  it("says 'Shipment not found' for a 404 and for an answer without a link", async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Zásielka sa nenašla', error: 'not_found' }, 404));
    const first = await open('XX1');
    expect(screen.getByRole('alert').textContent).toBe('Shipment not found');
    expect(first.go).not.toHaveBeenCalled();
    first.unmount();

    fetchMock().mockResolvedValueOnce(json({}));
    const second = await open('XX2');
    expect(screen.getByRole('alert').textContent).toBe('Shipment not found');
    expect(second.go).not.toHaveBeenCalled();
  });

  it("shows other errors' own text, and never follows a link that is not a web address", async () => {
    fetchMock().mockResolvedValueOnce(json({ message: 'Too many requests. Try again later.', error: 'too_many_requests' }, 429));
    const limited = await open('CP100000017SK');
    expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again later.');
    limited.unmount();

    fetchMock().mockResolvedValueOnce(json({ tracking_link: 'javascript:alert(1)' }));
    const unsafe = await open('CP100000017SK');
    expect(unsafe.go).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Shipment not found');
  });
});

describe('followableLink', () => {
  it('takes http(s) addresses, relative ones against the page', () => {
    expect(followableLink('/package/tracking?tracking_number=A', 'https://portal.example/shipment/track/A')).toBe('https://portal.example/package/tracking?tracking_number=A');
    expect(followableLink('data:text/html,hi', 'https://portal.example/')).toBeNull();
  });
});
