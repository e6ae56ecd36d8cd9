import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { intlTag } from '#shared/domain/languages.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { usePosition } from '#web/lib/use-position.ts';
import { usePickupPoints } from '../api/get-pickup-points.ts';
import { useShipmentLabels } from './use-shipment-labels.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The built-in parcel locker and pickup point picker: nearest first when the browser shares its
 * location (5 s at most), else a text search over name, street, city, postal code and id.
 */
export function PickupPointPicker({ country, onSelect }: { country: string; onSelect: (point: PickupPoint) => void }) {
  const { t } = useLingui();
  const labels = useShipmentLabels();
  const searchId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const position = usePosition(true);
  const located = position.status === 'located' ? { lat: position.lat, lng: position.lng } : null;
  const { data, error, isPending, isFetching } = usePickupPoints(country, q, located, position.status !== 'locating');
  const today = WEEKDAYS[new Date().getDay()]!;
  const km = new Intl.NumberFormat(intlTag(currentLanguage()), { maximumFractionDigits: 1 });

  return (
    <div className="flex flex-col gap-2">
      <label className="input w-full" htmlFor={searchId}>
        <span className="sr-only">{t`Search parcel points`}</span>
        <input
          id={searchId}
          type="search"
          className="grow"
          placeholder={t`Search by city, street, postal code or name`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
        {isFetching && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      </label>
      <p className="text-xs text-base-content/70" role="status">
        {position.status === 'locating' ? <Trans>Finding your location…</Trans> : located ? <Trans>Nearest first.</Trans> : <Trans>Location not available: search by text.</Trans>}
      </p>
      {error ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{error.message}</span>
        </div>
      ) : position.status === 'locating' || isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-14 w-full" />
          ))}
        </div>
      ) : data.points.length === 0 ? (
        <p className="py-4 text-center text-sm">
          <Trans>No parcel points match your search.</Trans>
        </p>
      ) : (
        <ul className="max-h-80 overflow-y-auto rounded-box border border-base-300" aria-label={t`Parcel points`}>
          {data.points.map((point) => (
            <li key={point.id} className="border-b border-base-300 last:border-b-0">
              <button type="button" className="flex w-full items-start justify-between gap-3 p-3 text-left hover:bg-base-200 focus:bg-base-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary" onClick={() => onSelect(point)}>
                <span>
                  <span className="block font-medium">{point.name}</span>
                  <span className="block text-sm">
                    {point.street}, {point.zip} {point.city}
                  </span>
                  <span className="block text-xs text-base-content/70">
                    {labels.deliveryMethod[point.delivery_method]} · {point.partner_name} ·{' '}
                    {point.opening_hours[today] ? t`today ${point.opening_hours[today]}` : t`closed today`}
                  </span>
                </span>
                {point.distance_km !== null && <span className="badge badge-ghost shrink-0">{km.format(point.distance_km)} km</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
