import { Trans } from '@lingui/react/macro';
import type { TrackingEvent } from '#shared/contract/tracking.ts';
import { EmptyValue } from '#web/components/ui/empty-value.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useEventDescription } from './use-event-description.ts';

/** The events as a table (sm and up; phones get TrackingEventList): date dd.MM.yyyy HH:mm, description, location. */
export function TrackingEventsTable({ events, className = '' }: { events: readonly TrackingEvent[]; className?: string }) {
  const format = useFormat();
  const describe = useEventDescription();
  return (
    <div className={`overflow-x-auto rounded-box bg-base-100 shadow-sm ${className}`}>
      <table className="table">
        <caption className="sr-only">
          <Trans>Events, newest first</Trans>
        </caption>
        <thead>
          <tr>
            <th>
              <Trans>Date</Trans>
            </th>
            <th>
              <Trans>Description</Trans>
            </th>
            <th>
              <Trans>Location</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            <tr key={`${event.date}-${event.code}-${index}`}>
              <td className="whitespace-nowrap tabular-nums">
                <time dateTime={event.date}>{format.dateTime(event.date)}</time>
              </td>
              <td>{describe(event)}</td>
              <td>{event.location ?? <EmptyValue />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
