import { Trans } from '@lingui/react/macro';
import { isOwnShipmentAnswer, type TrackShipmentAnswer } from '../api/track-shipment.ts';
import { TrackingEventList } from './tracking-event-list.tsx';
import { TrackingEventsTable } from './tracking-events-table.tsx';
import { TrackingLink } from './tracking-link.tsx';

/** A found shipment on /shipment/tracking: its events (or 'no events') and the partner's tracking page. */
export function ShipmentTrackingResult({ trackingNumber, answer }: { trackingNumber: string; answer: TrackShipmentAnswer }) {
  if (!isOwnShipmentAnswer(answer)) {
    return (
      <div role="status" className="alert alert-info alert-soft flex flex-col items-start sm:flex-row sm:items-center">
        <span>
          <Trans>
            Shipment <span className="font-mono">{trackingNumber}</span> is not one of yours: only its public tracking page is available.
          </Trans>
        </span>
        <TrackingLink link={answer.tracking_link} partnerName={null} />
      </div>
    );
  }
  return (
    <section aria-labelledby="tracking-result-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="tracking-result-title" className="text-lg font-semibold">
            <Trans>
              Shipment <span className="font-mono">{trackingNumber}</span>
            </Trans>
          </h2>
          {answer.partner_name && (
            <p className="text-sm text-base-content/70">
              <Trans>Delivery partner: {answer.partner_name}</Trans>
            </p>
          )}
        </div>
        <TrackingLink link={answer.tracking_link} partnerName={answer.partner_name} />
      </div>
      {answer.events.length === 0 ? (
        <p className="rounded-box bg-base-100 p-6 text-center text-base-content/70 shadow-sm">
          <Trans>No events yet.</Trans>
        </p>
      ) : (
        <>
          <TrackingEventsTable events={answer.events} className="hidden sm:block" />
          <div className="rounded-box bg-base-100 p-4 shadow-sm sm:hidden">
            <TrackingEventList events={answer.events} />
          </div>
        </>
      )}
    </section>
  );
}
