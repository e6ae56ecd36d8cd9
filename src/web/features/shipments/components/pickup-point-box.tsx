import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { useAppConfig } from '#web/lib/app-config.ts';
import { PickupPointPicker } from './pickup-point-picker.tsx';
import { PickupPointWidget } from './pickup-point-widget.tsx';

/** What the box shows of the chosen point. */
export type ChosenPickupPoint = Pick<PickupPoint, 'id' | 'name' | 'street' | 'city' | 'zip'>;

interface PickupPointBoxProps {
  /** The destination country: the partner's map where the carrier has one for it, else the built-in search. */
  country: string;
  /** The chosen point, null while none is. */
  point: ChosenPickupPoint | null;
  onSelect: (point: PickupPoint) => void;
  /** The form's error for the point, under the box. */
  error?: ReactNode;
  /** The id of the search area, which takes the focus (tabIndex -1): a form focuses it when a submit finds no point. */
  pickerId?: string;
}

/**
 * The parcel point of the send form and of the wizard's recipient step: the chosen point with
 * Change, or the search (the partner's map where configured) until one is chosen. Change opens the
 * search again with Cancel beside it; the chosen point stays until another is picked. The focus
 * follows: to the search when Change opens it, to Change when a point is chosen or Cancel pressed.
 */
export function PickupPointBox({ country, point, onSelect, error, pickerId }: PickupPointBoxProps) {
  const [changing, setChanging] = useState(false);
  const headingId = useId();
  const ownPickerId = useId();
  const widgetUrl = useAppConfig().data?.pickup_widgets[country];
  /** Where focus goes after the next render: the search that replaced Change, or Change that replaced the search. */
  const focusNext = useRef<'picker' | 'change' | null>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const picking = !point || changing;

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'picker' ? pickerRef : changeRef).current?.focus();
  });

  function change(next: boolean) {
    setChanging(next);
    focusNext.current = next ? 'picker' : 'change';
  }

  function select(selected: PickupPoint) {
    setChanging(false);
    focusNext.current = 'change';
    onSelect(selected);
  }

  return (
    <div className="rounded-box border border-base-300 p-3" role="group" aria-labelledby={headingId}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <p id={headingId} className="font-medium">
          <Trans>Parcel point</Trans>
        </p>
        {point && picking && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => change(false)}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
      {point && !picking ? (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="font-semibold">{point.name}</p>
            <p className="text-sm">
              {point.street}, {point.zip} {point.city}
            </p>
            <p className="text-xs text-base-content/70">{point.id}</p>
          </div>
          <button ref={changeRef} type="button" className="btn btn-sm" onClick={() => change(true)}>
            <Trans>Change</Trans>
          </button>
        </div>
      ) : (
        // Focused when Change opens it (the button it replaces took the focus with it).
        <div ref={pickerRef} id={pickerId ?? ownPickerId} tabIndex={-1} className="rounded-box">
          {widgetUrl ? <PickupPointWidget url={widgetUrl} onSelect={select} /> : <PickupPointPicker country={country} onSelect={select} />}
        </div>
      )}
      {error}
    </div>
  );
}
