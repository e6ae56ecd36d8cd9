// The public page's timeline: the milestones of TRACKING_MILESTONES in order, those up to the
// furthest reached one marked, each with the time it was first reached.
import type { TrackingEvent } from '#shared/contract/tracking.ts';
import { reachedMilestone, TRACKING_MILESTONES, type TrackingMilestone } from '#shared/domain/tracking-events.ts';

export interface MilestoneStep {
  milestone: TrackingMilestone;
  reached: boolean;
  /** The furthest milestone reached: where the parcel is now. */
  current: boolean;
  /** When its first event happened (ISO); null when not reached, or skipped (a partner may skip one). */
  at: string | null;
}

/** `reached` is the answer's milestone (null: none yet, or a cancelled shipment). */
export function milestoneSteps(reached: TrackingMilestone | null, events: readonly Pick<TrackingEvent, 'code' | 'date'>[]): MilestoneStep[] {
  const reachedIndex = reached === null ? -1 : TRACKING_MILESTONES.indexOf(reached);
  const firstAt = new Map<TrackingMilestone, string>();
  for (const event of events) {
    const milestone = reachedMilestone([event.code]);
    if (!milestone) continue;
    const known = firstAt.get(milestone);
    if (known === undefined || Date.parse(event.date) < Date.parse(known)) firstAt.set(milestone, event.date);
  }
  return TRACKING_MILESTONES.map((milestone, index) => ({
    milestone,
    reached: index <= reachedIndex,
    current: index === reachedIndex,
    at: index <= reachedIndex ? (firstAt.get(milestone) ?? null) : null,
  }));
}
