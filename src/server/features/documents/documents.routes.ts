// Labels and manifests (spec section 7). PDFs and zips are answered as files with a
// content-disposition name; getLabel keeps the spec's JSON with the PDF in base64.
import type { FastifyInstance } from 'fastify';
import { bulkLabelsEndpoint, singleLabelEndpoint } from '#shared/contract/labels.ts';
import { manifestDownloadEndpoint, manifestGenerateEndpoint, manifestListEndpoint } from '#shared/contract/manifests.ts';
import { attachment } from '#server/attachment.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { bulkLabels, singleLabel } from './labels.service.ts';
import { generateManifests, listManifests, manifestPdf } from './manifests.service.ts';
import { warmUpDocuments } from './warm-up.ts';

export async function documentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Once the server listens (never before, and never under inject()), the renderers are warmed in
  // the background, so the first label a user prints does not pay for fonts and compiling.
  app.addHook('onListen', () => {
    setTimeout(() => {
      warmUpDocuments().catch((error: unknown) => app.log.warn({ err: error }, 'warming the label renderers failed'));
    }, 0).unref();
  });

  route(app, singleLabelEndpoint, async ({ scope, params }) => {
    const pdf = await singleLabel(db, scope, params.item_number);
    return { shipment: { label: Buffer.from(pdf).toString('base64') } };
  });

  route(app, bulkLabelsEndpoint, async ({ scope, body, reply }) => {
    const pdf = await bulkLabels(db, scope, body.item_numbers, body.start);
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachment('labels.pdf')).send(Buffer.from(pdf));
  });

  route(app, manifestGenerateEndpoint, async ({ scope, body, t, reply }) => {
    const file = await generateManifests(db, scope, body, t);
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.filename)).send(Buffer.from(file.body));
  });

  route(app, manifestListEndpoint, async ({ scope, query }) => listManifests(db, scope, query));

  route(app, manifestDownloadEndpoint, async ({ scope, params, t, reply }) => {
    const pdf = await manifestPdf(db, scope, params.id, t);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(`manifest_${params.id}.pdf`))
      .send(Buffer.from(pdf));
  });
}
