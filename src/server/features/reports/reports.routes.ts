// Shipment reports (issue 16): POST /api/v1/admin/shipments/report answers packages.xlsx, streamed
// while it is written. Open to every signed-in client for its own company (access `report`), to
// ADMIN for any company or all. Everything that can fail with a clear answer (input, scope, an
// empty period) fails before the first byte; a failure later breaks the download off.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { reportEndpoint } from '#shared/contract/reports.ts';
import { REPORTS_PER_ACCOUNT_PER_MINUTE } from '#shared/domain/rate-limits.ts';
import type { MessageDescriptor } from '#shared/i18n/messages.ts';
import { reportFieldMessages, reportMessages as rm, reportValueMessages } from '#shared/i18n/report-messages.ts';
import { attachment } from '#server/attachment.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { announcedPluginLimit } from '#server/http/rate-limit-headers.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Translate } from '#server/i18n.ts';
import type { HeavyWork } from '#server/heavy-work.ts';
import { writeReportWorkbook, type ReportCaptions } from './report-workbook.ts';
import { reportFileName } from './report-file-name.ts';
import { hasShipments, planReport, reportCompanyName, reportPages } from './reports.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function translateAll<K extends string>(t: Translate, descriptors: Record<K, MessageDescriptor>): Record<K, string> {
  return Object.fromEntries(Object.entries<MessageDescriptor>(descriptors).map(([key, descriptor]) => [key, t(descriptor)])) as Record<K, string>;
}

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
    values: {
      status: translateAll(t, reportValueMessages.status),
      product: translateAll(t, reportValueMessages.product),
      deliveryMethod: translateAll(t, reportValueMessages.deliveryMethod),
    },
  };
}

export interface ReportLimits {
  /**
   * Reports one account may ask for per minute: a clerk trying a few filters stays far below it;
   * a script looping on the route does not take the server's time (a month is seconds of CPU).
   */
  perMinute: number;
  /**
   * Reports this instance writes at once for one company (heavy-work.ts); one more answers 429
   * with Retry-After. Per company: one company's reports never hold up another's.
   */
  atOnce: number;
}

export const DEFAULT_REPORT_LIMITS: ReportLimits = { perMinute: REPORTS_PER_ACCOUNT_PER_MINUTE, atOnce: 2 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Shipment reports this instance is writing now (every company's). */
    reportsInProgress(): number;
  }
}

export async function reportRoutes(app: FastifyInstance, { db, limits, heavyWork }: { db: Db; limits: ReportLimits; heavyWork: HeavyWork }) {
  const perAccount = announcedPluginLimit('reports_per_account', 60, app.rateLimit({
    // The counter's name: shared by the instances on PostgreSQL (plugins/rate-limit-store.ts).
    groupId: 'reports',
    timeWindow: 60_000,
    max: limits.perMinute,
    // After the auth hook (route hooks follow the application's): signed-in callers by account.
    keyGenerator: (request) => (request.principal ? `client:${request.principal.clientId}` : `ip:${request.ip}`),
  }) as onRequestAsyncHookHandler);

  route(
    app,
    reportEndpoint,
    async ({ scope, body, t, request, reply }) => {
      const plan = planReport(scope, body);
      // Retry-After: about the time a month's report takes.
      const release = heavyWork.take('reports', scope.companyId, reportFieldMessages.busy);
      let fileName: string;
      try {
        if (!(await hasShipments(db, plan))) throw new ApiError(404, 'not_found', reportFieldMessages.empty);
        fileName = reportFileName(plan, await reportCompanyName(db, plan));
      } catch (error) {
        release();
        throw error;
      }

      const out = new PassThrough();
      writeReportWorkbook(out, { captions: captions(t), withCompany: plan.withCompany, pages: reportPages(db, plan) })
        .catch((error: unknown) => {
          // Headers are gone: the client sees a broken download, never a short file that looks whole.
          request.log.error({ err: error }, 'shipment report failed');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        })
        .finally(release);
      return reply.header('content-type', XLSX).header('content-disposition', attachment(fileName)).send(out);
    },
    { onRequest: perAccount },
  );
}
