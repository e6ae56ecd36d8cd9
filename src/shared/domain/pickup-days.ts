// Pickup days of a pickup address (spec section 3 "Pickup address"): weekday flags sent as a
// bitmask (pondelok 1, utorok 2, streda 4, stvrtok 8, piatok 16), shown as a map of weekday to boolean.
export const PICKUP_WEEKDAYS = ['pondelok', 'utorok', 'streda', 'stvrtok', 'piatok'] as const;
export type PickupWeekday = (typeof PICKUP_WEEKDAYS)[number];
export type PickupDays = Record<PickupWeekday, boolean>;

export function pickupDaysFromMask(mask: number): PickupDays {
  return Object.fromEntries(PICKUP_WEEKDAYS.map((day, index) => [day, (mask & (1 << index)) !== 0])) as PickupDays;
}

export function pickupDaysToMask(days: Partial<PickupDays>): number {
  return PICKUP_WEEKDAYS.reduce((mask, day, index) => (days[day] ? mask | (1 << index) : mask), 0);
}
