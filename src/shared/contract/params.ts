// Path parameters several endpoints share, apart from the resources' schemas so that an endpoint
// importing one does not bring a whole resource contract into a bundle.
import * as z from 'zod/mini';
import { TRACKING_NUMBER_MAX } from '../domain/limits.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { messages } from '../i18n/messages.ts';
import { INT32_MAX, safeCharacters } from './fields.ts';

/** A shipment's item number. */
export const itemNumberParams = z.object({ item_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(40), safeCharacters()) });

/** A tracking number, upper-cased. */
export const trackingNumberParams = z.object({
  tracking_number: z
    .string()
    .check(z.trim(), z.minLength(1, messages.trackingNumberRequired.id), z.maxLength(TRACKING_NUMBER_MAX, messages.tooLong.id), safeCharacters(), z.toUpperCase()),
});

/** A database id (uuid); anything else is a 404 with `notFound` (no row can have it). */
export const uuidParams = /* @__NO_SIDE_EFFECTS__ */ (notFound: string) => z.object({ id: z.uuid(notFound) });

/** A numeric id (partners). */
export const numericIdParams = z.object({
  id: z.coerce.number({ error: messages.invalidValue.id }).check(z.int(messages.invalidValue.id), z.gte(1, messages.invalidValue.id), z.lte(INT32_MAX, messages.invalidValue.id)),
});

/** A manifest's id (MF and 10 digits), upper-cased; anything else is not found. */
export const manifestId = /* @__NO_SIDE_EFFECTS__ */ () => z.string().check(z.trim(), z.toUpperCase(), z.regex(/^MF\d{10}$/, documentActionMessages.manifestNotFound.id));
