import { Plural, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { useFormat } from '#web/lib/format.ts';
import { listWaiting } from '../offline/outbox.ts';

/**
 * The client's wizard submissions still waiting in this browser's outbox (offline, or on their way),
 * newest first, shown above the list's rows: they are not in the list (kept or loaded) until the
 * carrier has created them. Gone once sent; the list then refreshes (RefreshAfterSync). Reads
 * IndexedDB through Dexie: loaded lazily, after the list's first paint.
 */
export default function WaitingShipments({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const headingId = useId();
  const rows = useLiveQuery(() => listWaiting(clientId), [clientId]);
  if (!rows || rows.length === 0) return null;
  const newestFirst = [...rows].reverse();
  const submissions = rows.length;
  return (
    <section aria-labelledby={headingId} className="mb-3 rounded-box border border-warning/40 bg-base-100 px-4 py-3 shadow-sm">
      <h2 id={headingId} className="text-sm font-semibold">
        <Plural value={submissions} one="# shipment is waiting to be sent." other="# shipments are waiting to be sent." />
      </h2>
      <ul aria-labelledby={headingId} className="mt-1 divide-y divide-base-200">
        {newestFirst.map((row) => {
          const { payload } = row;
          const receiver = payload.receiver_name || payload.receiver_company_name || '';
          return (
            <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5 text-sm">
              <span className="badge badge-sm badge-warning">{row.state === 'retry' ? t`Waiting to send (retrying)` : t`Waiting to send`}</span>
              <span className="font-medium">{payload.reference_number}</span>
              <span className="min-w-0 truncate">
                {receiver}
                <span className="text-base-content/70">
                  {receiver ? ', ' : ''}
                  {payload.receiver_city}, {format.country(payload.receiver_country)}
                </span>
              </span>
              <span className="ml-auto tabular-nums text-base-content/70">{format.dateTime(new Date(row.createdAt))}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
