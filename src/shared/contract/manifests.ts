// Manifests (spec sections 3 and 7): the hand-over protocol of a pickup address and partner.
import * as z from 'zod/mini';
import { MANIFEST_MAX_ITEMS, PAGE_SIZE_MANIFESTS } from '../domain/limits.ts';
import { messages } from '../i18n/messages.ts';
import { shipmentMessages } from '../i18n/shipment-messages.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { endpoint } from './endpoint.ts';
import { serialId } from './fields.ts';
import { manifestId } from './params.ts';

/**
 * POST api/v1/manifests/generate: the CREATED shipments of an import (the spec's `importId`), of a
 * selection in the list (`item_numbers`), or all CREATED shipments of a pickup address and partner
 * (the office's end-of-day hand-over). One manifest per pickup address and partner: one answers a
 * PDF, several a zip.
 */
export const manifestGenerateSchema = z.union([
  z.object({ importId: z.uuid(messages.invalidRequest.id) }),
  z.object({
    item_numbers: z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)))
      .check(z.minLength(1, documentActionMessages.manifestNoneSelected.id), z.maxLength(MANIFEST_MAX_ITEMS, messages.tooLong.id)),
  }),
  z.object({ pickup_address_id: z.uuid(shipmentMessages.pickupAddressInvalid.id), partner_id: serialId() }),
]);
export type ManifestGenerateRequest = z.infer<typeof manifestGenerateSchema>;

/** A manifest (spec section 3) with what the list shows beside it. */
export const manifestSchema = z.object({
  id: z.string(),
  /** Admins only: whose manifest it is. */
  companyName: z.optional(z.string()),
  pickup_address_id: z.nullable(z.string()),
  /** The pickup address as one line (street, city), for the list. */
  pickup_address: z.nullable(z.string()),
  shipment_partner: z.string(),
  shipment_count: z.number(),
  created_at: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestListQuerySchema = z.object({
  skip: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  take: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_SIZE_MANIFESTS)), PAGE_SIZE_MANIFESTS),
});

export const manifestListSchema = z.object({ count: z.number(), manifests: z.array(manifestSchema) });
export type ManifestList = z.infer<typeof manifestListSchema>;

/** A manifest id in a path (MF + 10 digits). */
export const manifestParams = z.object({ id: manifestId() });

/** One manifest answers a PDF, several a zip. */
export const manifestGenerateEndpoint = endpoint({
  method: 'POST',
  limit: 'manifests',
  path: '/api/v1/manifests/generate',
  access: 'client',
  companyData: { names: { body: { importId: 'import', item_numbers: 'shipment', pickup_address_id: 'pickupAddress' } } },
  permission: 'manifests.create',
  body: manifestGenerateSchema,
  answer: 'file',
});
export const manifestListEndpoint = endpoint({
  method: 'GET',
  path: '/api/v1/manifests',
  access: 'client',
  companyData: 'caller',
  query: manifestListQuerySchema,
  answer: manifestListSchema,
});
export const manifestDownloadEndpoint = endpoint({
  method: 'GET',
  limit: 'manifests',
  path: '/api/v1/manifests/download/:id',
  access: 'client',
  companyData: { names: { params: { id: 'manifest' } } },
  params: manifestParams,
  answer: 'file',
});
