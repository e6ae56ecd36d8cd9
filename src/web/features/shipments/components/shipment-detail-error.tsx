import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorPage, statusOf } from '#web/components/layout/error-page.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { BackToShipments } from './shipment-detail.tsx';

/**
 * A shipment that cannot be shown: 404 is the error page; anything else its text (spec section 8).
 * Offline, a shipment no kept list holds says so (README note 124) and loads once the connection returns.
 */
export function ShipmentDetailError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const router = useRouter();
  const offline = error instanceof ApiError && error.isOffline;
  useEffect(() => {
    if (!offline) return;
    const retry = () => void router.invalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, router]);
  if (statusOf(error) === 404) return <ErrorPage status={404} />;
  const text = offline
    ? t`You are offline, and this shipment is not kept on this device (only the shipments of the list last loaded are). It loads when the connection is back.`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div>
      <BackToShipments />
      <p role="alert" className="whitespace-pre-line text-error">
        {text}
      </p>
    </div>
  );
}
