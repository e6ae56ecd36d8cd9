import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import { ApiError } from '#web/lib/api-error.ts';
import { getPickupPoint } from '../api/get-pickup-point.ts';

/** The id a widget posts: `{selectedID}` as an object or as JSON text. */
function selectedId(data: unknown): string | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (value && typeof value === 'object' && 'selectedID' in value) {
    const id = (value as { selectedID: unknown }).selectedID;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return null;
}

/**
 * A partner's map widget in a frame. It reports the chosen point with a `selectedID` message;
 * the point is then read from our directory so the address and delivery method are the
 * carrier's own (a point we do not know cannot be delivered to).
 */
export function PickupPointWidget({ url, onSelect }: { url: string; onSelect: (point: PickupPoint) => void }) {
  const { t } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const origin = new URL(url).origin;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const id = selectedId(event.data);
      if (!id) return;
      setProblem(null);
      getPickupPoint(id).then(onSelect, (error: unknown) => {
        setProblem(error instanceof ApiError ? error.message : String(error));
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, onSelect]);

  return (
    <div className="flex flex-col gap-2">
      <iframe ref={frame} src={url} title={t`Parcel point map`} className="h-[600px] w-full rounded-box border border-base-300" allow="geolocation" />
      {problem && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{problem}</span>
        </div>
      )}
    </div>
  );
}
