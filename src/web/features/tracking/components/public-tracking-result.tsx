import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { PublicTracking } from '#shared/contract/tracking.ts';
import { useFormat } from '#web/lib/format.ts';
import { milestoneSteps } from '../milestone-steps.ts';
import { ExternalLink } from './external-link.tsx';
import { MilestoneTimeline } from './milestone-timeline.tsx';
import { TrackingEventList } from './tracking-event-list.tsx';
import { useEventDescription } from './use-event-description.ts';
import { useMilestoneLabels } from './use-milestone-labels.ts';

/** Events (newest first) that name the parcel's state better than its milestone. */
const WAITING_EVENTS: ReadonlySet<string> = new Set(['DELIVERY_FAILED', 'AT_PICKUP_POINT', 'RETURNED']);

/**
 * A found parcel on the public page: where it is (or that it was cancelled), the timeline, the
 * partner and the events. No personal data. Without the postal code (the `status` view) the server
 * leaves out the destination country, the partner and the places: the page says how to see them.
 */
export function PublicTrackingResult({ tracking }: { tracking: PublicTracking }) {
  const { t } = useLingui();
  const format = useFormat();
  const labels = useMilestoneLabels();
  const steps = useMemo(() => milestoneSteps(tracking.milestone, tracking.events), [tracking.milestone, tracking.events]);
  const describe = useEventDescription();
  // Where the parcel waits for someone, the newest event says more than its milestone: a failed
  // attempt is not "Out for delivery", a parcel at a pickup point waits to be collected.
  const newest = tracking.events[0];
  const waiting = newest && WAITING_EVENTS.has(newest.code) && tracking.milestone !== 'DELIVERED' ? describe(newest) : null;
  const headline = tracking.deleted ? t`Cancelled` : (waiting ?? (tracking.milestone ? labels[tracking.milestone] : t`Not on its way yet`));

  return (
    <article className="card bg-base-100 shadow-sm" aria-labelledby="tracking-result-title">
      <div className="card-body gap-4 p-4 sm:p-6">
        <header className="flex flex-col gap-1">
          <p className="text-sm text-base-content/70">
            {tracking.destination_country ? (
              <Trans>
                Parcel <span className="font-mono">{tracking.tracking_number}</span> to {format.country(tracking.destination_country)}
              </Trans>
            ) : (
              <Trans>
                Parcel <span className="font-mono">{tracking.tracking_number}</span>
              </Trans>
            )}
          </p>
          <h2 id="tracking-result-title" className="text-2xl font-semibold">
            {headline}
          </h2>
        </header>

        {tracking.deleted ? (
          <div role="status" className="alert alert-warning alert-soft">
            <span>
              <Trans>The sender cancelled this shipment. It will not be delivered.</Trans>
            </span>
          </div>
        ) : (
          <MilestoneTimeline steps={steps} />
        )}

        {tracking.partner_name && <PartnerLine name={tracking.partner_name} link={tracking.partner_tracking_link} />}
        {tracking.view === 'status' && (
          <p className="rounded-box bg-base-200 p-3 text-sm">
            <Trans>Enter the destination postal code to also see the destination country, the places and the delivery partner.</Trans>
          </p>
        )}

        <section aria-labelledby="tracking-events-title" className="flex flex-col gap-2">
          <h3 id="tracking-events-title" className="font-semibold">
            <Trans>Events</Trans>
          </h3>
          {tracking.events.length > 0 ? (
            <TrackingEventList events={tracking.events} />
          ) : (
            <p className="text-base-content/70">
              <Trans>No events yet.</Trans>
            </p>
          )}
        </section>
      </div>
    </article>
  );
}

function PartnerLine({ name, link }: { name: string; link: string | null }) {
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p>
        <Trans>
          Delivery partner: <span className="font-semibold">{name}</span>
        </Trans>
      </p>
      {link && (
        <ExternalLink href={link} className="btn btn-outline btn-sm">
          <Trans>Tracking page of {name}</Trans>
        </ExternalLink>
      )}
    </div>
  );
}
