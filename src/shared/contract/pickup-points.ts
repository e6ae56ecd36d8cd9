import * as z from 'zod/mini';
import { PARCEL_POINT_COUNTRIES } from '../domain/countries.ts';
import { POINT_TYPES } from '../domain/pickup-points.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { endpoint } from './endpoint.ts';

export const PICKUP_POINT_PAGE_SIZE = 20;
export const PICKUP_POINT_PAGE_MAX = 50;

/** A query-string coordinate: a number within ±limit degrees ("" is not 0, it is refused). */
const coordinate = (limit: number) =>
  z.optional(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1, messages.invalidValue.id)),
      z.coerce.number<string>({ error: messages.invalidValue.id }).check(z.gte(-limit, messages.invalidValue.id), z.lte(limit, messages.invalidValue.id)),
    ),
  );

/**
 * GET /api/v1/pickup-points: the points of one parcel-point country, optionally matching a
 * text (name, street, city, zip or id) and ordered by distance from lat/lng (both or neither).
 */
export const pickupPointSearchSchema = z
  .object({
    country: z.pipe(z.string({ error: shipmentMessages.countryRequired.id }).check(z.trim(), z.toUpperCase()), z.enum(PARCEL_POINT_COUNTRIES, { error: messages.invalidValue.id })),
    q: z.optional(z.string().check(z.trim(), z.maxLength(100, messages.tooLong.id))),
    lat: coordinate(90),
    lng: coordinate(180),
    type: z.optional(z.enum(POINT_TYPES, { error: messages.invalidValue.id })),
    take: z._default(
      z.coerce
        .number({ error: messages.invalidValue.id })
        .check(z.int(messages.invalidValue.id), z.gte(1, messages.invalidValue.id), z.lte(PICKUP_POINT_PAGE_MAX, messages.invalidValue.id)),
      PICKUP_POINT_PAGE_SIZE,
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if ((value.lat === undefined) !== (value.lng === undefined)) {
        const missing = value.lat === undefined ? 'lat' : 'lng';
        ctx.addIssue({ code: 'custom', path: [missing], message: messages.required.id, input: value });
      }
    }),
  );
export type PickupPointSearch = z.input<typeof pickupPointSearchSchema>;
export type PickupPointSearchParsed = z.output<typeof pickupPointSearchSchema>;

/** A parcel locker or pickup point of the directory. */
export const pickupPointSchema = z.object({
  id: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  country: z.string(),
  type: z.enum(POINT_TYPES),
  /** The delivery method a shipment to this point gets (the point's type). */
  delivery_method: z.enum(POINT_TYPES),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Weekday (mon … sun) -> "HH:MM-HH:MM"; a day that is missing is closed. */
  opening_hours: z.record(z.string(), z.string()),
  /** Great-circle distance from the searched lat/lng in km (0.1 km steps); null without them. */
  distance_km: z.nullable(z.number()),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** `count` is the number of matching points; `points` the first `take` of them. */
export const pickupPointListSchema = z.object({
  points: z.array(pickupPointSchema),
  count: z.number(),
});
export type PickupPointList = z.infer<typeof pickupPointListSchema>;

export const pickupPointParams = z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) });

export const pickupPointSearchEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/pickup-points',
  access: 'client',
  companyData: 'none',
  query: pickupPointSearchSchema,
  answer: pickupPointListSchema,
});
export const pickupPointEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/pickup-points/:id',
  access: 'client',
  companyData: 'none',
  params: pickupPointParams,
  answer: pickupPointSchema,
});
