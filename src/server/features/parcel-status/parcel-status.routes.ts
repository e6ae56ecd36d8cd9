// The depot scan page's calls (spec section 7, issue 7). ADMIN only (the endpoints' access). A scan request is idempotent by key: the tablet's outbox resends until it gets
// an answer, and the parcels move once.
import type { FastifyInstance } from 'fastify';
import { parcelStatusExportEndpoint, parcelStatusUpdateEndpoint, type ParcelStatusAnswer } from '#shared/contract/parcel-status.ts';
import { parcelStatusCaptions } from '#shared/i18n/document-messages.ts';
import { attachment } from '#server/attachment.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { beforeCommit } from '#server/plugins/idempotency.ts';
import type { Translate } from '#server/i18n.ts';
import { applyParcelScan } from './parcel-scan.service.ts';
import { parcelStatusRows } from './parcel-status-export.service.ts';
import { packagesWorkbook, type PackagesCaptions } from './packages-workbook.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function captions(t: Translate): PackagesCaptions {
  return {
    sheet: t(parcelStatusCaptions.sheet),
    columns: {
      itemNumber: t(parcelStatusCaptions.columnItem),
      trackingNumber: t(parcelStatusCaptions.columnTracking),
      company: t(parcelStatusCaptions.columnCompany),
      status: t(parcelStatusCaptions.columnStatus),
      arrivedAt: t(parcelStatusCaptions.columnArrived),
      sentAt: t(parcelStatusCaptions.columnSent),
      partner: t(parcelStatusCaptions.columnPartner),
      country: t(parcelStatusCaptions.columnCountry),
      weight: t(parcelStatusCaptions.columnWeight),
    },
  };
}

export async function parcelStatusRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The answer is stored with the Idempotency-Key in the scan's transaction.
  route(app, parcelStatusUpdateEndpoint, async ({ principal, body, request, reply }) => applyParcelScan(db, principal, body, beforeCommit(request, reply, (answer: ParcelStatusAnswer) => answer)));

  route(app, parcelStatusExportEndpoint, async ({ query, t, reply }) => {
    const rows = await parcelStatusRows(db, query);
    const body = await packagesWorkbook(rows, captions(t));
    return reply.header('content-type', XLSX).header('content-disposition', attachment('packages.xlsx')).send(body);
  });
}
