// /shipment/track/{tracking_number} in the light public app (public-tracking-main.tsx): looks the
// link up and sends the browser on; the tracking page's code is not loaded.
import { TrackRedirect } from './components/track-redirect.tsx';
import { publicTrackingPageOf } from './public-tracking-paths.ts';
import { startPublicTrackingApp } from './public-tracking-main.tsx';

export function startTrackRedirect(): Promise<void> {
  const page = publicTrackingPageOf(window.location.pathname);
  // main.tsx starts this page only for a redirect address; anything else shows "Shipment not found".
  return startPublicTrackingApp(<TrackRedirect trackingNumber={page?.page === 'track-redirect' ? page.trackingNumber : ''} />);
}
