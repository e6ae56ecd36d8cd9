import { describe, expect, it } from 'vitest';
import { isPublicTrackingPath, publicTrackingPageOf } from './public-tracking-paths.ts';

describe('publicTrackingPageOf', () => {
  it('knows the public tracking page, with or without a trailing slash', () => {
    expect(publicTrackingPageOf('/package/tracking')).toEqual({ page: 'package-tracking' });
    expect(publicTrackingPageOf('/package/tracking/')).toEqual({ page: 'package-tracking' });
  });

  it('reads the tracking number of the redirect page, decoded', () => {
    expect(publicTrackingPageOf('/shipment/track/CP100000017SK')).toEqual({ page: 'track-redirect', trackingNumber: 'CP100000017SK' });
    expect(publicTrackingPageOf('/shipment/track/AB%20123')).toEqual({ page: 'track-redirect', trackingNumber: 'AB 123' });
  });

  it('leaves every other address to the full app', () => {
    for (const path of [
      '/',
      '/user/login',
      '/shipment/tracking',
      '/shipment/track',
      '/shipment/track/',
      '/shipment/track/A/B',
      '/shipment/PP0001000001',
      '/package/tracking/x',
      '/shipment/track/%E0%A4%A',
    ]) {
      expect(isPublicTrackingPath(path), path).toBe(false);
    }
  });
});
