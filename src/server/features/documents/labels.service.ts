// Labels: one A6 label (getLabel) or many, four per A4 sheet, in the order asked. A label is
// refused for a DELETED, missing or foreign shipment; a bulk request with any such item makes no
// PDF at all and names them, so an office never prints a partial batch by mistake.
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { shipmentStatus } from '../shipments/public.ts';
import { LABEL_CAPTIONS, loadLabels } from './label-data.ts';
import type { DocumentRenderer } from './render-pool.ts';

export async function singleLabel(db: Db, scope: CompanyScope, itemNumber: string, renderer: DocumentRenderer): Promise<Uint8Array> {
  const { labels } = await loadLabels(db, scope, [itemNumber]);
  const label = labels.values().next().value;
  if (!label) {
    // A DELETED shipment of the caller's is named as such; anything else is simply not found.
    if ((await shipmentStatus(db, scope, itemNumber)) === 'DELETED') throw new ApiError(400, 'invalid_request', serverMessages.labelDeleted);
    throw new ApiError(404, 'not_found', serverMessages.notFound);
  }
  return renderer.labels([label], { kind: 'A6' }, LABEL_CAPTIONS);
}

export async function bulkLabels(db: Db, scope: CompanyScope, itemNumbers: readonly string[], renderer: DocumentRenderer, start: 1 | 2 | 3 | 4 = 1): Promise<Uint8Array> {
  const { labels, refused } = await loadLabels(db, scope, itemNumbers);
  if (refused.length > 0) {
    throw new ApiError(400, 'invalid_request', serverMessages.labelsRefused, { values: { items: refused.join(', ') }, fields: { item_numbers: refused } });
  }
  return renderer.labels([...labels.values()], { kind: 'A4', start }, LABEL_CAPTIONS);
}
