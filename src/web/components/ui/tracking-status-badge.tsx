import { useLingui } from '@lingui/react/macro';
import type { TrackingStatus } from '#shared/domain/tracking-events.ts';

/** Badge colours of the delivery status: outlined, so they never read as the status badge's. */
const TRACKING_BADGE_CLASS: Record<TrackingStatus, string> = {
  created: 'badge-ghost',
  handed_over: 'badge-outline badge-info',
  in_transit: 'badge-outline badge-info',
  out_for_delivery: 'badge-outline badge-primary',
  ready_for_pickup: 'badge-outline badge-primary',
  exception: 'badge-outline badge-warning',
  delivered: 'badge-outline badge-success',
  returned: 'badge-outline badge-error',
  cancelled: 'badge-outline badge-error',
};

/** The translated delivery status names (list, filter, detail). */
export function useTrackingStatusLabels(): Record<TrackingStatus, string> {
  const { t } = useLingui();
  return {
    created: t({ message: 'Not handed over yet', comment: 'Delivery status: the shipment was created, the carrier does not have it yet' }),
    handed_over: t({ message: 'Handed over', comment: 'Delivery status: the depot took the parcel in' }),
    in_transit: t({ message: 'In transit', comment: 'Delivery status' }),
    out_for_delivery: t({ message: 'Out for delivery', comment: 'Delivery status' }),
    ready_for_pickup: t({ message: 'Ready for pickup', comment: 'Delivery status: at a pickup point or locker' }),
    exception: t({ message: 'Delivery problem', comment: 'Delivery status: a delivery attempt failed' }),
    delivered: t({ message: 'Delivered', comment: 'Delivery status' }),
    returned: t({ message: 'Returned', comment: 'Delivery status: sent back to the sender' }),
    cancelled: t({ message: 'Cancelled', comment: 'Delivery status: the shipment was deleted' }),
  };
}

/** The delivery status (latest tracking milestone) as a badge that always carries its text. */
export function TrackingStatusBadge({ status, className = '' }: { status: TrackingStatus; className?: string }) {
  const labels = useTrackingStatusLabels();
  return (
    <span className={`badge whitespace-nowrap ${TRACKING_BADGE_CLASS[status]} ${className}`} data-tracking-status={status}>
      {labels[status]}
    </span>
  );
}
