// The pickup-point directory's rule of which points may be chosen, the lookups that shipment
// creation and imports use to accept a chosen point, and the point as the API shows it. The
// picker's search is point-index.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PickupPoint } from '#shared/contract/pickup-points.ts';
import type { Db } from '#server/db/client.ts';
import { partnerServices, partners, pickupPoints } from '#server/db/schema.ts';

export type PickupPointRow = typeof pickupPoints.$inferSelect;

/**
 * The point's partner serves its country with the point's delivery method (any product): a
 * partner that no longer does is not offered, nor are its points accepted.
 */
export const served = sql`exists (select 1 from ${partnerServices} s
  where s.partner_id = ${pickupPoints.partnerId} and s.country = ${pickupPoints.country} and s.delivery_method::text = ${pickupPoints.type}::text)`;

/** The point of this id if it may be chosen: active, and its partner serves it. */
const offered = (id: string) => and(eq(pickupPoints.id, id.trim().toUpperCase()), eq(pickupPoints.active, true), served)!;

export function openingHours(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
  } catch {
    // A malformed value reads as "no hours known" rather than failing the whole list.
  }
  return {};
}

/** `hours` reads the opening hours' JSON (the search index passes one that reuses equal values). */
export function toPickupPoint(row: PickupPointRow, partnerName: string, distance: number | null, hours = openingHours): PickupPoint {
  return {
    id: row.id,
    partner_id: row.partnerId,
    partner_name: partnerName,
    country: row.country,
    type: row.type,
    delivery_method: row.type,
    name: row.name,
    street: row.street,
    city: row.city,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    opening_hours: hours(row.openingHours),
    distance_km: distance,
  };
}

/** The points of these ids that may be chosen (active, served by their partner): imports check a chunk at once. */
export async function findActivePoints(db: Db, ids: readonly string[]): Promise<PickupPointRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(pickupPoints)
    .where(
      and(
        inArray(
          pickupPoints.id,
          ids.map((id) => id.trim().toUpperCase()),
        ),
        eq(pickupPoints.active, true),
        served,
      ),
    );
}

/**
 * An active point of the directory by its id, of a partner that serves it (ids are upper case;
 * the lookup ignores case). A deactivated point is not found: shipment creation refuses it.
 */
export async function findActivePoint(db: Db, id: string): Promise<PickupPointRow | undefined> {
  const [row] = await db.select().from(pickupPoints).where(offered(id));
  return row;
}

/** One active point of a partner that serves it, as the API shows it (for widgets that report only an id). */
export async function getPickupPoint(db: Db, id: string): Promise<PickupPoint | undefined> {
  const [row] = await db
    .select({ point: pickupPoints, partnerName: partners.name })
    .from(pickupPoints)
    .innerJoin(partners, eq(partners.id, pickupPoints.partnerId))
    .where(offered(id));
  return row ? toPickupPoint(row.point, row.partnerName, null) : undefined;
}
