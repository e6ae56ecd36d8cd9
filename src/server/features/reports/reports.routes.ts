// Shipment reports (issue 16): POST /api/v1/admin/shipments/report answers packages.xlsx, streamed
// while it is written. Open to every signed-in client for its own company (access `report`), to
// ADMIN for any company or all. Everything that can fail with a clear answer (input, scope, an
// empty period) fails before the first byte; a failure later breaks the download off.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { reportEndpoint } from '../../../shared/contract/reports.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { reportMessages as rm } from '../../../shared/i18n/report-messages.ts';
import { attachment } from '../../attachment.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { ApiError } from '../../http-errors.ts';
import type { Translate } from '../../i18n.ts';
import { writeReportWorkbook, type ReportCaptions } from './report-workbook.ts';
import { hasShipments, planReport, reportPages } from './reports.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function captions(t: Translate): ReportCaptions {
  const country = t(rm.columnCountry);
  const product = t(rm.columnProduct);
  const status = t(rm.columnStatus);
  const weight = t(rm.columnWeight);
  const cod = t(rm.columnCod);
  const codCurrency = t(rm.columnCodCurrency);
  return {
    shipmentsSheet: t(rm.shipmentsSheet),
    summarySheet: t(rm.summarySheet),
    shipments: {
      itemNumber: t(rm.columnItemNumber),
      trackingNumber: t(rm.columnTrackingNumber),
      company: t(rm.columnCompany),
      reference: t(rm.columnReference),
      created: t(rm.columnCreated),
      status,
      product,
      deliveryMethod: t(rm.columnDeliveryMethod),
      country,
      partner: t(rm.columnPartner),
      weight,
      cod,
      codCurrency,
      insurance: t(rm.columnInsurance),
    },
    summary: { day: t(rm.columnDay), country, product, status, shipments: t(rm.columnShipments), weight, cod, codCurrency },
    total: t(rm.total),
    codTotal: t(rm.codTotal),
  };
}

export async function reportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, reportEndpoint, async ({ scope, body, t, request, reply }) => {
    const plan = planReport(scope, body);
    if (!(await hasShipments(db, plan))) throw new ApiError(404, 'not_found', messages.reportEmpty);

    const out = new PassThrough();
    writeReportWorkbook(out, { captions: captions(t), withCompany: plan.withCompany, pages: reportPages(db, plan) }).catch((error: unknown) => {
      // Headers are gone: the client sees a broken download, never a short file that looks whole.
      request.log.error({ err: error }, 'shipment report failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply.header('content-type', XLSX).header('content-disposition', attachment('packages.xlsx')).send(out);
  });
}
