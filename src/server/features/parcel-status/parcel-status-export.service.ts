// GET /api/v1/admin/shipments/parcel-status: the parcels the depot scanned (ARRIVED or SENT) on the
// calendar days dateFrom..dateTo in Europe/Bratislava, one row per parcel with its latest depot
// arrival and hand-over times (whenever they were: a parcel sent today shows when it arrived even
// if that was yesterday), for reconciling the depot's day against manifests and partners.
import { sql, type SQL } from 'drizzle-orm';
import type { ParcelStatusExportQuery } from '#shared/contract/parcel-status.ts';
import type { ShipmentStatus } from '#shared/domain/enums.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import { DEPOT_SOURCE } from './parcel-scan.service.ts';

/**
 * Rows in one export. A depot handles thousands of parcels a day, so this is months of scans;
 * more is refused (choose a shorter period) rather than cut off silently. It also bounds the
 * workbook's memory (~100 MB at the cap).
 */
export const PARCEL_STATUS_EXPORT_MAX_ROWS = 100_000;

/** The carrier's home time zone: the days of the period are its calendar days. */
const TIME_ZONE = 'Europe/Bratislava';

export interface PackageRow {
  itemNumber: string;
  trackingNumber: string | null;
  company: string;
  status: ShipmentStatus;
  arrivedAt: Date | null;
  sentAt: Date | null;
  partner: string | null;
  country: string;
  weight: number;
}

type RawRow = {
  item_number: string;
  tracking_number: string | null;
  company: string;
  status: ShipmentStatus;
  arrived_at: Date | string | null;
  sent_at: Date | string | null;
  partner_name: string | null;
  receiver_country: string;
  weight: number | string;
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The export's query (exported for EXPLAIN in measurements). */
export function parcelStatusQuery(query: ParcelStatusExportQuery): SQL {
  const from = sql`(${query.dateFrom}::date::timestamp at time zone ${TIME_ZONE})`;
  const to = sql`((${query.dateTo}::date + 1)::timestamp at time zone ${TIME_ZONE})`;
  const inPeriod = sql`e.source = ${DEPOT_SOURCE} and e.status in ('ARRIVED', 'SENT') and e.occurred_at >= ${from} and e.occurred_at < ${to}`;
  // With a barcode the parcel comes first (unique indexes); otherwise the period's depot scans
  // pick the parcels (partial index on depot events by time).
  const picked = query.barcode
    ? sql`select id as shipment_id from shipments where tracking_number = ${query.barcode} or item_number = ${query.barcode}`
    : sql`select distinct e.shipment_id from shipment_events e where ${inPeriod}`;

  // Each parcel's latest times, and whether it was scanned in the period, come from its own few
  // events (index by shipment). The depot conditions are inside the aggregate on purpose: in a
  // WHERE they let the planner reach for the depot index once per parcel (quadratic, 10,000
  // parcels took 1.6 s), which it did when statistics were stale, as they are on PGlite (no
  // autovacuum).
  return sql`
      with picked as (${picked})
      select s.item_number, s.tracking_number, c.name as company, s.status, t.arrived_at, t.sent_at,
        s.partner_name, s.receiver_country, s.weight
      from picked p
      cross join lateral (
        select
          max(e.occurred_at) filter (where e.source = ${DEPOT_SOURCE} and e.status = 'ARRIVED') as arrived_at,
          max(e.occurred_at) filter (where e.source = ${DEPOT_SOURCE} and e.status = 'SENT') as sent_at,
          coalesce(bool_or(${inPeriod}), false) as in_period
        from shipment_events e
        where e.shipment_id = p.shipment_id
      ) t
      join shipments s on s.id = p.shipment_id
      join companies c on c.id = s.company_id
      where t.in_period
      order by coalesce(t.arrived_at, t.sent_at), s.id
      limit ${PARCEL_STATUS_EXPORT_MAX_ROWS + 1}
    `;
}

export async function parcelStatusRows(db: Db, query: ParcelStatusExportQuery): Promise<PackageRow[]> {
  const rows = await queryRows<RawRow>(db, parcelStatusQuery(query));
  if (rows.length === 0) throw new ApiError(404, 'not_found', documentActionMessages.parcelStatusNoneFound);
  if (rows.length > PARCEL_STATUS_EXPORT_MAX_ROWS) {
    throw new ApiError(400, 'validation_failed', serverMessages.parcelStatusTooMany, {
      values: { max: PARCEL_STATUS_EXPORT_MAX_ROWS },
      fields: { dateTo: [serverMessages.parcelStatusTooMany] },
    });
  }
  return rows.map((r) => ({
    itemNumber: r.item_number,
    trackingNumber: r.tracking_number,
    company: r.company,
    status: r.status,
    arrivedAt: asDate(r.arrived_at),
    sentAt: asDate(r.sent_at),
    partner: r.partner_name,
    country: r.receiver_country,
    weight: Number(r.weight),
  }));
}
