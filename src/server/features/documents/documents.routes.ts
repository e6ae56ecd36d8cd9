// Labels and manifests (spec section 7). PDFs and zips are answered as files with a
// content-disposition name; getLabel keeps the spec's JSON with the PDF in base64.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { bulkLabelsSchema, singleLabelSchema } from '../../../shared/contract/labels.ts';
import { manifestGenerateSchema, manifestListQuerySchema, manifestListSchema } from '../../../shared/contract/manifests.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { attachment } from '../../attachment.ts';
import type { Db } from '../../db/client.ts';
import { translatorForHeader } from '../../i18n.ts';
import { requirePrincipal } from '../../plugins/auth.ts';
import { bulkLabels, singleLabel } from './labels.service.ts';
import { generateManifests, listManifests, manifestPdf } from './manifests.service.ts';

const itemParams = z.object({ item_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) });
const manifestParams = z.object({ id: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^MF\d{10}$/, messages.manifestNotFound.id)) });

export async function documentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/shipments/getLabel/:item_number', { schema: { params: itemParams, response: { 200: singleLabelSchema } } }, async (request) => {
    const pdf = await singleLabel(db, requirePrincipal(request), request.params.item_number);
    return { shipment: { label: Buffer.from(pdf).toString('base64') } };
  });

  r.post('/api/v1/shipments/labels', { schema: { body: bulkLabelsSchema } }, async (request, reply) => {
    const pdf = await bulkLabels(db, requirePrincipal(request), request.body.item_numbers, request.body.start);
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachment('labels.pdf')).send(Buffer.from(pdf));
  });

  r.post('/api/v1/manifests/generate', { schema: { body: manifestGenerateSchema } }, async (request, reply) => {
    const file = await generateManifests(db, requirePrincipal(request), request.body, translatorForHeader(request.headers['accept-language']));
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.filename)).send(Buffer.from(file.body));
  });

  r.get('/api/v1/manifests', { schema: { querystring: manifestListQuerySchema, response: { 200: manifestListSchema } } }, async (request) =>
    listManifests(db, requirePrincipal(request), request.query),
  );

  r.get('/api/v1/manifests/download/:id', { schema: { params: manifestParams } }, async (request, reply) => {
    const pdf = await manifestPdf(db, requirePrincipal(request), request.params.id, translatorForHeader(request.headers['accept-language']));
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachment(`manifest_${request.params.id}.pdf`)).send(Buffer.from(pdf));
  });
}
