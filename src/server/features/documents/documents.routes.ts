// Labels and manifests (spec section 7). PDFs, ZPL and zips are answered as files with a
// content-disposition name; getLabel keeps the spec's JSON with the file in base64. Documents are
// drawn on the render pool's threads; bulk labels and manifests take one of the company's heavy
// work slots while they are read and drawn (429 with Retry-After beyond them, README note 99).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bulkLabelsEndpoint, singleLabelEndpoint } from '#shared/contract/labels.ts';
import { manifestDownloadEndpoint, manifestGenerateEndpoint, manifestListEndpoint } from '#shared/contract/manifests.ts';
import { BULK_LABELS_DEFAULT_FORMAT, LABEL_FORMAT_FILES, SINGLE_LABEL_DEFAULT_FORMAT, type LabelFormat } from '#shared/domain/label-formats.ts';
import { attachment } from '#server/attachment.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { bulkLabels, manifestLabels, notPrintedLabels, singleLabel } from './labels.service.ts';
import { generateManifests, listManifests, manifestPdf } from './manifests.service.ts';
import type { HeavyWork } from '#server/heavy-work.ts';
import type { DocumentRenderer } from './render-pool.ts';

export async function documentRoutes(app: FastifyInstance, { db, renderer, heavyWork }: { db: Db; renderer: DocumentRenderer; heavyWork: HeavyWork }) {
  /** The file's Content-Type and name (ZPL is UTF-8 text: ^CI28). */
  const sendFile = (reply: FastifyReply, format: LabelFormat, name: string, bytes: Uint8Array) => {
    const { mediaType, extension } = LABEL_FORMAT_FILES[format];
    return reply
      .header('content-type', mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : mediaType)
      .header('content-disposition', attachment(`${name}.${extension}`))
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  };

  route(app, singleLabelEndpoint, async ({ scope, params, query, wantsFile, reply }) => {
    const format = query.format ?? SINGLE_LABEL_DEFAULT_FORMAT;
    const bytes = await singleLabel(db, scope, params.item_number, renderer, { format });
    // The file itself when Accept asks for it (integrations); the spec's JSON otherwise (the portal).
    if (wantsFile) return sendFile(reply, format, `label_${params.item_number}`, bytes);
    return { shipment: { label: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') } };
  });

  route(app, bulkLabelsEndpoint, async ({ scope, body, reply }) => {
    const { item_numbers: itemNumbers, manifest_id: manifestId, start } = body;
    // `format` wins over the spec's `layout: "A4"`, which older clients send with it.
    const file = { format: body.format ?? BULK_LABELS_DEFAULT_FORMAT, start };
    const bytes = await heavyWork.run('labels', scope.companyId, () => {
      if (itemNumbers) return bulkLabels(db, scope, itemNumbers, renderer, file);
      if (manifestId) return manifestLabels(db, scope, manifestId, renderer, file);
      return notPrintedLabels(db, scope, renderer, file);
    });
    return sendFile(reply, file.format, 'labels', bytes);
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
