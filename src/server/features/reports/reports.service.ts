// POST /api/v1/admin/shipments/report: which shipments a report covers, and its rows read in pages
// by keyset (created_at, id), so that a year of every company's shipments never sits in memory at
// once. Company scoping comes from the caller's CompanyScope.
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { reportPeriod, type ReportFilter, type ReportType } from '../../../shared/contract/reports.ts';
import { codCurrency } from '../../../shared/domain/currencies.ts';
import type { DeliveryMethod, Product, ShipmentStatus } from '../../../shared/domain/enums.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { CompanyScope } from '../../company-scope.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { shipments } from '../../db/schema.ts';
import { ApiError } from '../../http-errors.ts';
import { bratislavaWallClock } from './wall-clock.ts';

/** The carrier's home time zone: the report's days and its wall-clock times are its own. */
const TIME_ZONE = 'Europe/Bratislava';

/** Rows per keyset page: large enough to keep round trips few, small enough to stay a few MB. */
export const REPORT_PAGE_SIZE = 5000;

export interface ReportPlan {
  type: ReportType;
  /** Bratislava calendar days, both included. */
  from: string;
  to: string;
  /** The rows' company condition (the caller's scope, or the company an ADMIN named); undefined: every company. */
  companies: SQL | undefined;
  countries: string[];
  /** ADMIN reports carry a company column. */
  withCompany: boolean;
}

/**
 * Checks what only the server can (the schema checked the rest) and decides the rows: MONTHLY is
 * for ADMIN (a 400 on `type` otherwise); a client names no company or its own (403 for another);
 * an ADMIN names any company, or none for every company.
 */
export function planReport(scope: CompanyScope, filter: ReportFilter): ReportPlan {
  if (filter.type === 'MONTHLY' && !scope.all) {
    throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { type: [messages.reportMonthlyAdminOnly] } });
  }
  const named = filter.company_id || undefined;
  if (named && !scope.sees(named)) throw new ApiError(403, 'forbidden', messages.forbidden, { fields: { company_id: [messages.forbidden] } });
  const { from, to } = reportPeriod(filter);
  return {
    type: filter.type,
    from,
    to,
    companies: named ? eq(shipments.companyId, named) : scope.rows(shipments.companyId),
    countries: [...new Set(filter.countries)],
    withCompany: scope.all,
  };
}

/**
 * The shipments of the plan. DELETED shipments are left out: they were cancelled before
 * hand-over and carry nothing to count or collect.
 */
function conditions(plan: ReportPlan): SQL | undefined {
  return and(
    sql`${shipments.createdAt} >= (${plan.from}::date::timestamp at time zone ${TIME_ZONE})`,
    sql`${shipments.createdAt} < ((${plan.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
    ne(shipments.status, 'DELETED'),
    plan.companies,
    plan.countries.length > 0 ? inArray(shipments.receiverCountry, plan.countries) : undefined,
  );
}

/** Whether the plan has any shipment: an empty period answers 404 rather than an empty file. */
export async function hasShipments(db: Db, plan: ReportPlan): Promise<boolean> {
  const [found] = await db.select({ id: shipments.id }).from(shipments).where(conditions(plan)).limit(1);
  return found !== undefined;
}

export interface ReportRow {
  itemNumber: string;
  trackingNumber: string | null;
  /** ADMIN reports only. */
  company: string | null;
  reference: string | null;
  /** Bratislava wall-clock time of creation, as the UTC fields of this Date (what Excel shows). */
  created: Date;
  status: ShipmentStatus;
  product: Product;
  deliveryMethod: DeliveryMethod;
  country: string;
  partner: string | null;
  weight: number;
  cod: number | null;
  codCurrency: string | null;
  insurance: number | null;
}

/** One shipment as the page query sends it (json_build_array below, in this order). */
type PageRow = [
  /** created_at in microseconds since 1970 (exact: below 2^53). */
  createdUs: number,
  id: number,
  itemNumber: string,
  trackingNumber: string | null,
  reference: string | null,
  status: ShipmentStatus,
  product: Product,
  deliveryMethod: DeliveryMethod,
  country: string,
  partner: string | null,
  weight: number,
  cod: number | null,
  insurance: number | null,
  company: string | null,
];

/**
 * The plan's shipments, oldest first, in pages of `pageSize`: each page continues after the last
 * row of the one before by (created_at, id), which the company and time indexes answer directly,
 * so page 60 costs what page 1 costs. The cursor keeps created_at to the microsecond (a JS Date
 * would drop them and skip or repeat rows).
 * A page comes back as one JSON array (json_agg): parsing one text per page is several times
 * cheaper than fifteen typed fields per row, which dominated the time on PGlite; times come as
 * plain numbers and are turned into Bratislava time here (a time-zone conversion per row in SQL
 * cost more).
 */
export async function* reportPages(db: Db, plan: ReportPlan, pageSize = REPORT_PAGE_SIZE): AsyncGenerator<ReportRow[]> {
  const where = conditions(plan);
  const company = plan.withCompany ? sql`(select c.name from companies c where c.id = p.company_id)` : sql`null`;
  let after: { us: number; id: number } | null = null;
  for (;;) {
    const next: SQL | undefined = after
      ? sql`(${shipments.createdAt}, ${shipments.id}) > (timestamptz 'epoch' + ${after.us}::int8 * interval '1 microsecond', ${after.id}::int8)`
      : undefined;
    const [page]: Array<{ rows: string | null }> = await queryRows<{ rows: string | null }>(
      db,
      sql`select json_agg(json_build_array(
            (extract(epoch from p.created_at) * 1000000)::int8, p.id,
            p.item_number, p.tracking_number, p.reference_number, p.status, p.product, p.delivery_method,
            p.receiver_country, p.partner_name, p.weight, p.cod_amount, p.insurance, ${company}
          ) order by p.created_at, p.id)::text as rows
          from (
            select * from ${shipments} where ${and(where, next)}
            order by ${shipments.createdAt}, ${shipments.id} limit ${pageSize}
          ) p`,
    );
    const rows: PageRow[] = page?.rows ? (JSON.parse(page.rows) as PageRow[]) : [];
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      itemNumber: r[2],
      trackingNumber: r[3],
      company: r[13],
      reference: r[4],
      created: bratislavaWallClock(Math.floor(r[0] / 1000)),
      status: r[5],
      product: r[6],
      deliveryMethod: r[7],
      country: r[8],
      partner: r[9],
      weight: r[10],
      cod: r[11],
      codCurrency: r[11] === null ? null : codCurrency(r[8]),
      insurance: r[12],
    }));
    if (rows.length < pageSize) return;
    const last: PageRow = rows.at(-1)!;
    after = { us: last[0], id: last[1] };
  }
}
