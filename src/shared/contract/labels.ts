// Labels (spec section 7: getLabel, labels). The PDF's layout and content: server/features/documents.
import * as z from 'zod/mini';
import { LABEL_FORMATS } from '../domain/label-formats.ts';
import { LABEL_A4_POSITIONS, LABELS_MAX_ITEMS } from '../domain/limits.ts';
import { documentActionMessages } from '../i18n/document-action-messages.ts';
import { messages } from '../i18n/messages.ts';
import { endpoint } from './endpoint.ts';
import { itemNumberParams, manifestId } from './params.ts';

const itemNumber = z.string().check(z.trim(), z.minLength(1), z.maxLength(40));

/** A label file's format (domain/label-formats.ts); not in the spec (issue 33). */
export const labelFormatSchema = z.enum(LABEL_FORMATS, { error: messages.invalidValue.id });

/**
 * GET /api/v1/shipments/getLabel/{item_number}: one label, the file in base64 in the spec's JSON;
 * with `Accept: application/pdf` (or `text/plain` for ZPL) the file itself (label_{item_number}.pdf
 * or .zpl). `format` (not in the spec, issue 33) picks the file: `pdf-a6` when absent, as the spec
 * answers; `pdf-a4` puts the label in the first quarter of an A4 sheet.
 */
export const singleLabelSchema = z.object({ shipment: z.object({ label: z.string() }) });
export type SingleLabel = z.infer<typeof singleLabelSchema>;
export const singleLabelQuerySchema = z.object({ format: z.optional(labelFormatSchema) });

/**
 * POST /api/v1/shipments/labels: one file of the labels in the order asked: by default (the spec's
 * `layout: "A4"`) a PDF of four labels per A4 sheet; `start` (1-4, not in the spec) is the first free
 * quarter of a half-used sheet. Not in the spec (issue 33): `format` picks another file (one label a
 * page, or ZPL: one ^XA…^XZ per label) and wins over `layout`, which older clients always send;
 * `not_printed: true` instead of `item_numbers` prints the company's waiting shipments (CREATED)
 * whose label was never fetched, oldest first, up to the bulk limit; `manifest_id` prints the
 * labels of a manifest's shipments in the manifest's order (a hand-over's parcels relabelled).
 */
export const bulkLabelsSchema = z
  .object({
    layout: z.optional(z.literal('A4')),
    format: z.optional(labelFormatSchema),
    item_numbers: z.optional(z.array(itemNumber).check(z.minLength(1, documentActionMessages.labelsNoneSelected.id), z.maxLength(LABELS_MAX_ITEMS, documentActionMessages.labelsTooMany.id))),
    not_printed: z.optional(z.literal(true)),
    manifest_id: z.optional(manifestId()),
    start: z.optional(z.union(LABEL_A4_POSITIONS.map((p) => z.literal(p)))),
  })
  .check(
    z.superRefine((value, ctx) => {
      // The shipments named, those not yet printed, or a manifest's: exactly one of the three.
      if ([value.item_numbers, value.not_printed, value.manifest_id].filter((chosen) => chosen !== undefined).length !== 1) {
        ctx.addIssue({ code: 'custom', path: ['item_numbers'], message: documentActionMessages.labelsNoneSelected.id, input: value });
      }
    }),
  );
export type BulkLabelsRequest = z.infer<typeof bulkLabelsSchema>;

export const singleLabelEndpoint = endpoint({
  method: 'GET',
  limit: 'labels',
  path: '/api/v1/shipments/getLabel/:item_number',
  access: 'client',
  companyData: { names: { params: { item_number: 'shipment' } } },
  params: itemNumberParams,
  query: singleLabelQuerySchema,
  answer: singleLabelSchema,
  fileVariants: ['application/pdf', 'text/plain'],
});
/** labels.pdf (four A6 labels per A4 sheet by default) or labels.zpl. */
export const bulkLabelsEndpoint = endpoint({
  method: 'POST',
  limit: 'bulk_labels',
  path: '/api/v1/shipments/labels',
  access: 'client',
  companyData: { names: { body: { item_numbers: 'shipment', manifest_id: 'manifest' } } },
  body: bulkLabelsSchema,
  answer: 'file',
});
