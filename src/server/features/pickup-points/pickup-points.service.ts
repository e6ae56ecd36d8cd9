// The pickup-point directory: search by country, text and distance, and the lookup that
// shipment creation uses to accept a chosen point.
import { and, asc, eq, inArray, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PickupPoint, PickupPointList, PickupPointSearchParsed } from '../../../shared/contract/pickup-points.ts';
import { POINT_TYPES, type PointType } from '../../../shared/domain/pickup-points.ts';
import type { Db } from '../../db/client.ts';
import { partnerServices, partners, pickupPoints } from '../../db/schema.ts';

export type PickupPointRow = typeof pickupPoints.$inferSelect;

/** At most this many words of a search text are matched (each against any field). */
const MAX_TERMS = 6;

// Accent-insensitive matching without the unaccent extension (not in PGlite): the letters of
// the countries served fold to ASCII with translate(), the search text the same way in JS.
const ACCENTED = 'áäčďéěëíĺľňóôöőŕřšťúůüűýžąćęłńśźżÁÄČĎÉĚËÍĹĽŇÓÔÖŐŔŘŠŤÚŮÜŰÝŽĄĆĘŁŃŚŹŻ';
const PLAIN = [...ACCENTED].map((c) => c.normalize('NFD').replace(/\p{M}/gu, '').replace('ł', 'l').replace('Ł', 'L')).join('');

function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase();
}
const fold = (column: SQLWrapper) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/**
 * The point's partner serves its country with the point's delivery method (any product): a
 * partner that no longer does is not offered, nor are its points accepted.
 */
const served = sql`exists (select 1 from ${partnerServices} s
  where s.partner_id = ${pickupPoints.partnerId} and s.country = ${pickupPoints.country} and s.delivery_method::text = ${pickupPoints.type}::text)`;

/** The point of this id if it may be chosen: active, and its partner serves it. */
const offered = (id: string) => and(eq(pickupPoints.id, id.trim().toUpperCase()), eq(pickupPoints.active, true), served)!;

/** `%value%` with LIKE's own wildcards taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each word must appear in the name, street, city, zip (with or without its space) or id. */
function textConditions(q: string | undefined): SQL[] {
  const terms = (q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  return terms.map((term) => {
    const pattern = contains(foldText(term));
    return or(
      like(fold(pickupPoints.name), pattern),
      like(fold(pickupPoints.street), pattern),
      like(fold(pickupPoints.city), pattern),
      like(fold(pickupPoints.zip), pattern),
      like(sql`lower(replace(${pickupPoints.zip}, ' ', ''))`, pattern),
      like(sql`lower(${pickupPoints.id})`, pattern),
    )!;
  });
}

/** Great-circle distance in km from (lat, lng) by the haversine formula (mean Earth radius 6371 km). */
function distanceKm(lat: number, lng: number): SQL<number> {
  const dLat = sql`radians(${pickupPoints.latitude} - ${lat}::float8)`;
  const dLng = sql`radians(${pickupPoints.longitude} - ${lng}::float8)`;
  // least() keeps asin's argument within its domain when rounding lands just above 1.
  return sql<number>`(2 * 6371.0 * asin(least(1.0, sqrt(
    power(sin(${dLat} / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(${pickupPoints.latitude})) * power(sin(${dLng} / 2), 2)
  ))))`;
}

function openingHours(text: string): Record<string, string> {
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

function toPickupPoint(row: PickupPointRow, partnerName: string, distance: number | null): PickupPoint {
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
    opening_hours: openingHours(row.openingHours),
    distance_km: distance,
  };
}

/**
 * Active points (of partners that serve them) of a country matching the text; nearest first when lat/lng are given (distance
 * rounded to 0.1 km), else by city and name. `count` is the number of matches before `take`.
 */
export async function searchPickupPoints(db: Db, query: PickupPointSearchParsed): Promise<PickupPointList> {
  // The served (partner, type) pairs of the country first: a few rows, then plain comparisons
  // per point (a semi-join per point cost ~100 ms over 30,000 points on PGlite).
  const pairs = await db
    .selectDistinct({ partnerId: partnerServices.partnerId, method: partnerServices.deliveryMethod })
    .from(partnerServices)
    .where(and(eq(partnerServices.country, query.country), inArray(partnerServices.deliveryMethod, [...POINT_TYPES])));
  const servedHere = pairs.map((pair) => and(eq(pickupPoints.partnerId, pair.partnerId), eq(pickupPoints.type, pair.method as PointType))!);
  if (servedHere.length === 0) return { points: [], count: 0 };
  const where: SQL[] = [eq(pickupPoints.country, query.country), eq(pickupPoints.active, true), or(...servedHere)!, ...textConditions(query.q)];
  if (query.type) where.push(eq(pickupPoints.type, query.type));

  const distance = query.lat !== undefined && query.lng !== undefined ? distanceKm(query.lat, query.lng) : null;
  const order = distance
    ? [asc(distance), asc(pickupPoints.id)]
    : [asc(fold(pickupPoints.city)), asc(fold(pickupPoints.name)), asc(pickupPoints.id)];

  const rows = await db
    .select({
      point: pickupPoints,
      partnerName: partners.name,
      distanceKm: (distance ? sql`round((${distance})::numeric, 1)::float8` : sql`null::float8`).mapWith(Number),
      total: sql`count(*) over ()`.mapWith(Number),
    })
    .from(pickupPoints)
    .innerJoin(partners, eq(partners.id, pickupPoints.partnerId))
    .where(and(...where))
    .orderBy(...order)
    .limit(query.take);

  return {
    points: rows.map((r) => toPickupPoint(r.point, r.partnerName, r.distanceKm ?? null)),
    count: rows[0]?.total ?? 0,
  };
}

/**
 * An active point of the directory by its id, of a partner that serves it (ids are upper case;
 * the lookup ignores case). A deactivated point is not found: shipment creation refuses it.
 */
/** The points of these ids that may be chosen (active, served by their partner): imports check a chunk at once. */
export async function findActivePoints(db: Db, ids: readonly string[]): Promise<PickupPointRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(pickupPoints).where(and(inArray(pickupPoints.id, ids.map((id) => id.trim().toUpperCase())), eq(pickupPoints.active, true), served));
}

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
