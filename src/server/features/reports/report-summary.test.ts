import { describe, expect, it } from 'vitest';
import { ReportTotals } from './report-summary.ts';
import type { ReportRow } from './reports.service.ts';

const row = (overrides: Partial<ReportRow>): ReportRow => ({
  itemNumber: 'PP0000000001',
  trackingNumber: null,
  company: null,
  reference: null,
  created: new Date('2025-09-14T10:30:00Z'),
  status: 'CREATED',
  product: 'PRM',
  deliveryMethod: 'home_delivery',
  country: 'SK',
  partner: null,
  weight: 1,
  cod: null,
  codCurrency: null,
  insurance: null,
  ...overrides,
});

describe('ReportTotals', () => {
  it('adds up per day, country, product and status, in that order, with exact decimals', () => {
    const totals = new ReportTotals();
    totals.add(row({ created: new Date('2025-09-15T00:30:00Z'), product: 'TRC', weight: 0.5 }));
    totals.add(row({ status: 'SENT', weight: 0.1, cod: 0.1, codCurrency: 'EUR' }));
    totals.add(row({ weight: 0.2, cod: 0.2, codCurrency: 'EUR' }));
    totals.add(row({ weight: 0.1, cod: 10, codCurrency: 'EUR' }));
    totals.add(row({ country: 'CZ', weight: 2.5, cod: 100, codCurrency: 'CZK' }));
    const summary = totals.summary();
    expect(summary.rows.map((r) => [r.day, r.country, r.product, r.status, r.shipments, r.weight, r.cod, r.currency])).toEqual([
      ['2025-09-14', 'CZ', 'PRM', 'CREATED', 1, 2.5, 100, 'CZK'],
      ['2025-09-14', 'SK', 'PRM', 'CREATED', 2, 0.3, 10.2, 'EUR'],
      ['2025-09-14', 'SK', 'PRM', 'SENT', 1, 0.1, 0.1, 'EUR'],
      ['2025-09-15', 'SK', 'TRC', 'CREATED', 1, 0.5, 0, 'EUR'],
    ]);
    expect(summary.shipments).toBe(5);
    expect(summary.weight).toBe(3.4);
    expect(summary.codTotals).toEqual([
      { currency: 'CZK', amount: 100 },
      { currency: 'EUR', amount: 10.3 },
    ]);
  });

  it('orders products and statuses by their lists, not alphabetically', () => {
    const totals = new ReportTotals();
    for (const status of ['SENT', 'ARRIVED', 'CREATED'] as const) totals.add(row({ status, product: 'RTN' }));
    totals.add(row({ product: 'UTR' }));
    expect(totals.summary().rows.map((r) => `${r.product} ${r.status}`)).toEqual(['UTR CREATED', 'RTN CREATED', 'RTN ARRIVED', 'RTN SENT']);
  });
});
