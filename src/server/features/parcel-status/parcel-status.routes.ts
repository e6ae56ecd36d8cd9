// The depot scan page's calls (spec section 7, issue 7). ADMIN only (the endpoints' access). A scan request is idempotent by key: the tablet's outbox resends until it gets
// an answer, and the parcels move once.
import type { FastifyInstance } from 'fastify';
import { parcelStatusExportEndpoint, parcelStatusUpdateEndpoint } from '../../../shared/contract/parcel-status.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { attachment } from '../../attachment.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import type { Translate } from '../../i18n.ts';
import { applyParcelScan } from './parcel-scan.service.ts';
import { parcelStatusRows } from './parcel-status-export.service.ts';
import { packagesWorkbook, type PackagesCaptions } from './packages-workbook.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function captions(t: Translate): PackagesCaptions {
  return {
    sheet: t(messages.parcelStatusSheet),
    columns: {
      itemNumber: t(messages.parcelStatusColumnItem),
      trackingNumber: t(messages.parcelStatusColumnTracking),
      company: t(messages.parcelStatusColumnCompany),
      status: t(messages.parcelStatusColumnStatus),
      arrivedAt: t(messages.parcelStatusColumnArrived),
      sentAt: t(messages.parcelStatusColumnSent),
      partner: t(messages.parcelStatusColumnPartner),
      country: t(messages.parcelStatusColumnCountry),
      weight: t(messages.parcelStatusColumnWeight),
    },
  };
}

export async function parcelStatusRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, parcelStatusUpdateEndpoint, async ({ principal, body }) => applyParcelScan(db, principal, body));

  route(app, parcelStatusExportEndpoint, async ({ query, t, reply }) => {
    const rows = await parcelStatusRows(db, query);
    const body = await packagesWorkbook(rows, captions(t));
    return reply.header('content-type', XLSX).header('content-disposition', attachment('packages.xlsx')).send(body);
  });
}
