import { useLingui } from '@lingui/react/macro';
import type { ShipmentStatus } from '#shared/domain/enums.ts';

/** Badge colours of spec section 4: CREATED gray, MANIFESTED yellow, ARRIVED blue, SENT green, DELETED red. */
export const STATUS_BADGE_CLASS: Record<ShipmentStatus, string> = {
  CREATED: 'border-base-300 bg-base-300 text-base-content',
  MANIFESTED: 'badge-warning',
  ARRIVED: 'badge-info',
  SENT: 'badge-success',
  DELETED: 'badge-error',
};

/** The translated status names (filters, badges). */
export function useStatusLabels(): Record<ShipmentStatus, string> {
  const { t } = useLingui();
  return {
    DELETED: t`Deleted`,
    CREATED: t`Created`,
    MANIFESTED: t`Manifested`,
    ARRIVED: t`Arrived`,
    SENT: t`Sent`,
  };
}

/** A shipment status as a coloured badge that always carries its text: colour is never the only signal. */
export function StatusBadge({ status, className = '' }: { status: ShipmentStatus; className?: string }) {
  const labels = useStatusLabels();
  return (
    <span className={`badge whitespace-nowrap ${STATUS_BADGE_CLASS[status]} ${className}`} data-status={status}>
      {labels[status]}
    </span>
  );
}
