import { createFileRoute } from '@tanstack/react-router';
import { TrackRedirect } from '#web/features/tracking/components/track-redirect.tsx';

/**
 * /shipment/track/{tracking_number} (public): sends the browser to the parcel's tracking page. A
 * first visit gets the light public app (main.tsx); this route serves it inside the full app.
 */
export const Route = createFileRoute('/shipment/track/$tracking_number')({
  component: TrackRedirectPage,
});

function TrackRedirectPage() {
  const { tracking_number } = Route.useParams();
  return <TrackRedirect trackingNumber={tracking_number} />;
}
