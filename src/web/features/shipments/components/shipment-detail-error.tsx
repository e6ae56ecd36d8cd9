import { useLingui } from '@lingui/react/macro';
import { ErrorPage, statusOf } from '#web/components/layout/error-page.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { BackToShipments } from './shipment-detail.tsx';

/** A shipment that cannot be shown: 404 is the error page; anything else its text (spec section 8). */
export function ShipmentDetailError({ error }: { error: unknown }) {
  const { t } = useLingui();
  if (statusOf(error) === 404) return <ErrorPage status={404} />;
  const text =
    error instanceof ApiError && error.isOffline ? t`You are offline. The shipment loads when the connection is back.` : error instanceof Error ? error.message : String(error);
  return (
    <div>
      <BackToShipments />
      <p role="alert" className="whitespace-pre-line text-error">
        {text}
      </p>
    </div>
  );
}
