// Labels and manifests (spec section 7). PDFs and zips are answered as files with a
// content-disposition name; getLabel keeps the spec's JSON with the PDF in base64. Documents are
// drawn on the render pool's threads; bulk labels and manifests take one of the company's heavy
// work slots while they are read and drawn (429 with Retry-After beyond them, README note 99).
import type { FastifyInstance } from 'fastify';
import { bulkLabelsEndpoint, singleLabelEndpoint } from '#shared/contract/labels.ts';
import { manifestDownloadEndpoint, manifestGenerateEndpoint, manifestListEndpoint } from '#shared/contract/manifests.ts';
import { attachment } from '#server/attachment.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { bulkLabels, notPrintedLabels, singleLabel } from './labels.service.ts';
import { generateManifests, listManifests, manifestPdf } from './manifests.service.ts';
import type { HeavyWork } from '#server/heavy-work.ts';
import type { DocumentRenderer } from './render-pool.ts';

export async function documentRoutes(app: FastifyInstance, { db, renderer, heavyWork }: { db: Db; renderer: DocumentRenderer; heavyWork: HeavyWork }) {
  // Once the server listens (never before, and never under inject()), the pool's threads start and
  // warm their renderers, so the first label a user prints does not pay for fonts and compiling.
  app.addHook('onListen', () => {
    setTimeout(() => {
      renderer.warmUp().catch((error: unknown) => app.log.warn({ err: error }, 'warming the label renderers failed'));
    }, 0).unref();
  });

  route(app, singleLabelEndpoint, async ({ scope, params, wantsFile, reply }) => {
    const pdf = await singleLabel(db, scope, params.item_number, renderer);
    // The PDF itself when Accept asks for it (integrations); the spec's JSON otherwise (the portal).
    if (wantsFile) return reply.header('content-type', 'application/pdf').header('content-disposition', attachment(`label_${params.item_number}.pdf`)).send(Buffer.from(pdf));
    return { shipment: { label: Buffer.from(pdf).toString('base64') } };
  });

  route(app, bulkLabelsEndpoint, async ({ scope, body, reply }) => {
    const { item_numbers: itemNumbers, start } = body;
    const pdf = await heavyWork.run('labels', scope.companyId, () =>
      itemNumbers ? bulkLabels(db, scope, itemNumbers, renderer, start) : notPrintedLabels(db, scope, renderer, start),
    );
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachment('labels.pdf')).send(Buffer.from(pdf));
  }, { onRequest: heavyWork.refuseWhenFull('labels') });

  route(app, manifestGenerateEndpoint, async ({ scope, body, t, reply }) => {
    const file = await heavyWork.run('manifests', scope.companyId, () => generateManifests(db, scope, body, t, renderer));
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.filename)).send(Buffer.from(file.body));
  }, { onRequest: heavyWork.refuseWhenFull('manifests') });

  route(app, manifestListEndpoint, async ({ scope, query }) => listManifests(db, scope, query));

  route(app, manifestDownloadEndpoint, async ({ scope, params, t, reply }) => {
    const pdf = await heavyWork.run('manifests', scope.companyId, () => manifestPdf(db, scope, params.id, t, renderer));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(`manifest_${params.id}.pdf`))
      .send(Buffer.from(pdf));
  }, { onRequest: heavyWork.refuseWhenFull('manifests') });
}
