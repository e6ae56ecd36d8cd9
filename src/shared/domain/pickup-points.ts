import type { DeliveryMethod } from './enums.ts';

/** Pickup-point types of the point directory. */
export const POINT_TYPES = ['parcel_locker', 'pickup_point', 'other_pudo'] as const;
export type PointType = (typeof POINT_TYPES)[number];

const LOCKER_PREFIXES = ['ONEBOX', 'ALZABOX', 'OXBOX'];

/**
 * The delivery method a pickup-point id stands for (spec section 9): ONEBOX, ALZABOX and OXBOX
 * ids are parcel lockers; Hungarian ids carry a group (10 other_pudo, 30 parcel_locker, 20 and
 * 40-80 pickup_point); Slovak ones a type (PT parcel_locker, PS pickup_point); else pickup_point.
 */
export function deliveryMethodForPoint(country: string, pointId: string, slovakType?: string): DeliveryMethod {
  const id = pointId.trim().toUpperCase();
  if (LOCKER_PREFIXES.some((p) => id.startsWith(p))) return 'parcel_locker';
  if (country === 'HU') {
    const group = Number(/^(\d{2})/.exec(id)?.[1]);
    if (group === 10) return 'other_pudo';
    if (group === 30) return 'parcel_locker';
    if (group === 20 || (group >= 40 && group <= 80)) return 'pickup_point';
  }
  if (country === 'SK') {
    const type = (slovakType ?? id.slice(0, 2)).toUpperCase();
    if (type === 'PT') return 'parcel_locker';
    if (type === 'PS') return 'pickup_point';
  }
  return 'pickup_point';
}
