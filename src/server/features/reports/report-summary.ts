// The report's summary sheet, added up from the very rows written to the shipments sheet: counts,
// weight and COD per day × country × product × status, the totals, and COD per currency (the
// destination's: amounts in CZK and EUR do not add up). Counting what was written, rather than
// a second query, keeps the two sheets equal even when shipments change while the file is written.
import { codCurrency } from '#shared/domain/currencies.ts';
import { PRODUCTS, SHIPMENT_STATUSES, type Product, type ShipmentStatus } from '#shared/domain/enums.ts';
import type { ReportRow } from './reports.service.ts';

export interface SummaryRow {
  /** Bratislava calendar day, yyyy-MM-dd. */
  day: string;
  country: string;
  product: Product;
  status: ShipmentStatus;
  shipments: number;
  /** kg */
  weight: number;
  /** In the destination's COD currency (`currency`); 0 when none. */
  cod: number;
  currency: string;
}

export interface ReportSummary {
  rows: SummaryRow[];
  shipments: number;
  weight: number;
  /** COD totals per currency, in currency order. */
  codTotals: Array<{ currency: string; amount: number }>;
}

interface Group {
  day: number;
  country: string;
  product: Product;
  status: ShipmentStatus;
  shipments: number;
  /** Weights in grams and money in cents: integers add up exactly. */
  grams: number;
  cents: number;
}

const DAY_MS = 86_400_000;

/** Adds rows as they are written; `summary()` answers the sheet's rows in day, country, product, status order. */
export class ReportTotals {
  readonly #groups = new Map<string, Group>();

  add(row: ReportRow): void {
    // `created` carries Bratislava wall-clock time in its UTC fields: whole days since 1970 are its days.
    const day = Math.floor(row.created.getTime() / DAY_MS);
    const key = `${day}|${row.country}|${row.product}|${row.status}`;
    let group = this.#groups.get(key);
    if (!group) {
      group = { day, country: row.country, product: row.product, status: row.status, shipments: 0, grams: 0, cents: 0 };
      this.#groups.set(key, group);
    }
    group.shipments++;
    group.grams += Math.round(row.weight * 1000);
    if (row.cod !== null) group.cents += Math.round(row.cod * 100);
  }

  summary(): ReportSummary {
    const order = (a: Group, b: Group) =>
      a.day - b.day ||
      a.country.localeCompare(b.country) ||
      PRODUCTS.indexOf(a.product) - PRODUCTS.indexOf(b.product) ||
      SHIPMENT_STATUSES.indexOf(a.status) - SHIPMENT_STATUSES.indexOf(b.status);
    const groups = [...this.#groups.values()].sort(order);
    const cents = new Map<string, number>();
    let shipments = 0;
    let grams = 0;
    for (const g of groups) {
      shipments += g.shipments;
      grams += g.grams;
      if (g.cents > 0) cents.set(codCurrency(g.country), (cents.get(codCurrency(g.country)) ?? 0) + g.cents);
    }
    return {
      rows: groups.map((g) => ({
        day: new Date(g.day * DAY_MS).toISOString().slice(0, 10),
        country: g.country,
        product: g.product,
        status: g.status,
        shipments: g.shipments,
        weight: g.grams / 1000,
        cod: g.cents / 100,
        currency: codCurrency(g.country),
      })),
      shipments,
      weight: grams / 1000,
      codTotals: [...cents.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: amount / 100 })),
    };
  }
}
