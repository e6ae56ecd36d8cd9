import { useLingui } from '@lingui/react/macro';
import type { TrackingMilestone } from '#shared/domain/tracking-events.ts';

/** Short names of the public timeline's milestones. */
export function useMilestoneLabels(): Record<TrackingMilestone, string> {
  const { t } = useLingui();
  return {
    CREATED: t`Registered`,
    ARRIVED: t`At the depot`,
    SENT: t`On its way`,
    OUT_FOR_DELIVERY: t`Out for delivery`,
    DELIVERED: t`Delivered`,
  };
}
