// Labels: one (getLabel) or many, in the order asked, in the format asked (an A6 PDF for one and
// four per A4 sheet for many unless the caller names another: label-files.ts). A label is
// refused for a DELETED, missing or foreign shipment; a bulk request with any such item makes no
// PDF at all and names them, so an office never prints a partial batch by mistake.
// A label counts as printed once its file is made for the caller (issue 33): the shipment keeps
// when that first happened and how often (reprints count), and "not printed" batches take the
// company's waiting shipments that were never printed, oldest first.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { LABELS_MAX_ITEMS } from '#shared/domain/limits.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { manifests, shipments } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { shipmentStatus } from '../shipments/public.ts';
import { LABEL_CAPTIONS, loadLabels } from './label-data.ts';
import type { LabelFileRequest } from './label-files.ts';
import type { DocumentRenderer } from './render-pool.ts';

/** Counts a print of these shipments' labels: the first print's time stays, the count grows. */
async function markPrinted(db: Db, scope: CompanyScope, itemNumbers: readonly string[]): Promise<void> {
  if (itemNumbers.length === 0) return;
  await db
    .update(shipments)
    .set({ labelPrintedAt: sql`coalesce(${shipments.labelPrintedAt}, now())`, labelPrints: sql`${shipments.labelPrints} + 1` })
    .where(and(sql`${shipments.itemNumber} = any(${sql.param([...itemNumbers])}::text[])`, scope.rows(shipments.companyId)));
}

export async function singleLabel(db: Db, scope: CompanyScope, itemNumber: string, renderer: DocumentRenderer, file: LabelFileRequest): Promise<Uint8Array> {
  const { labels } = await loadLabels(db, scope, [itemNumber]);
  const label = labels.values().next().value;
  if (!label) {
    // A DELETED shipment of the caller's is named as such; anything else is simply not found.
    if ((await shipmentStatus(db, scope, itemNumber)) === 'DELETED') throw new ApiError(400, 'invalid_request', serverMessages.labelDeleted);
    throw new ApiError(404, 'not_found', serverMessages.notFound);
  }
  const bytes = await renderer.labels([label], file, LABEL_CAPTIONS);
  await markPrinted(db, scope, [label.itemNumber]);
  return bytes;
}

export async function bulkLabels(db: Db, scope: CompanyScope, itemNumbers: readonly string[], renderer: DocumentRenderer, file: LabelFileRequest): Promise<Uint8Array> {
  const { labels, refused } = await loadLabels(db, scope, itemNumbers);
  if (refused.length > 0) {
    throw new ApiError(400, 'invalid_request', serverMessages.labelsRefused, { values: { items: refused.join(', ') }, fields: { item_numbers: refused } });
  }
  const bytes = await renderer.labels([...labels.values()], file, LABEL_CAPTIONS);
  await markPrinted(db, scope, [...labels.keys()]);
  return bytes;
}

/**
 * The labels of a manifest's shipments, in the manifest's order (a hand-over's parcels relabelled:
 * a label torn or smudged on the way to the driver). A manifest the caller may not see is not found.
 */
export async function manifestLabels(db: Db, scope: CompanyScope, manifestId: string, renderer: DocumentRenderer, file: LabelFileRequest): Promise<Uint8Array> {
  const [manifest] = await db.select({ id: manifests.id }).from(manifests).where(and(eq(manifests.id, manifestId), scope.rows(manifests.companyId)));
  if (!manifest) throw new ApiError(404, 'not_found', documentActionMessages.manifestNotFound);
  const rows = await db.select({ itemNumber: shipments.itemNumber }).from(shipments).where(eq(shipments.manifestId, manifestId)).orderBy(asc(shipments.id));
  return bulkLabels(db, scope, rows.map((row) => row.itemNumber), renderer, file);
}

/**
 * The waiting shipments (CREATED) whose label was never printed, oldest first, up to the bulk
 * limit, claimed as printed in one statement before they are drawn: two clerks pressing at once
 * get different shipments (SKIP LOCKED on PostgreSQL), not the same batch twice. Should the
 * drawing fail, the claim is taken back.
 */
export async function notPrintedLabels(db: Db, scope: CompanyScope, renderer: DocumentRenderer, file: LabelFileRequest): Promise<Uint8Array> {
  const waiting = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.status, 'CREATED'), isNull(shipments.labelPrintedAt), scope.rows(shipments.companyId)))
    .orderBy(shipments.createdAt, shipments.id)
    .limit(LABELS_MAX_ITEMS)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(shipments)
    .set({ labelPrintedAt: sql`now()`, labelPrints: sql`${shipments.labelPrints} + 1` })
    .where(sql`${shipments.id} in ${waiting}`)
    .returning({ id: shipments.id, itemNumber: shipments.itemNumber, createdAt: shipments.createdAt });
  if (claimed.length === 0) throw new ApiError(400, 'invalid_request', serverMessages.labelsNoneWaiting);
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  try {
    const { labels } = await loadLabels(db, scope, claimed.map((c) => c.itemNumber));
    return await renderer.labels([...labels.values()], file, LABEL_CAPTIONS);
  } catch (error) {
    await db
      .update(shipments)
      .set({ labelPrintedAt: null, labelPrints: sql`${shipments.labelPrints} - 1` })
      .where(sql`${shipments.id} = any(${sql.param(claimed.map((c) => c.id))}::bigint[])`);
    throw error;
  }
}
