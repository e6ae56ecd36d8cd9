import { useLingui } from '@lingui/react/macro';
import type { TrackingEvent } from '#shared/contract/tracking.ts';
import { useFormat } from '#web/lib/format.ts';
import { useEventDescription } from './use-event-description.ts';

/** The events, newest first as the API answers them: time, description and, when known, the place. */
export function TrackingEventList({ events, className = '' }: { events: readonly TrackingEvent[]; className?: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const describe = useEventDescription();
  return (
    <ol className={`flex flex-col divide-y divide-base-300 ${className}`} aria-label={t`Events, newest first`}>
      {events.map((event, index) => (
        <li key={`${event.date}-${event.code}-${index}`} className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0">
          <time dateTime={event.date} className="text-sm text-base-content/70 tabular-nums">
            {format.dateTime(event.date)}
          </time>
          <span className={index === 0 ? 'font-semibold' : ''}>{describe(event)}</span>
          {event.location && <span className="text-sm text-base-content/70">{event.location}</span>}
        </li>
      ))}
    </ol>
  );
}
