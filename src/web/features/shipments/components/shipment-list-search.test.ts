import { describe, expect, it } from 'vitest';
import { compactSearch, filtersFromSearch, shipmentListSearchSchema } from './shipment-list-search.ts';

const parse = (input: Record<string, unknown>) => shipmentListSearchSchema.parse(input);

describe('the shipment list search params', () => {
  it('keep every valid filter', () => {
    const search = parse({
      reference_number: 'ORD-1',
      item_number: 'PP0000000001',
      tracking_number: 'LX000000015SK',
      country: 'SK',
      status: 'CREATED',
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
      company_id: '0b4c3a63-3f43-4d8e-9a55-5b7e8f6f2c11',
      delivery_method: 'parcel_locker',
      partner_id: 3,
    });

    expect(search).toMatchObject({ country: 'SK', status: 'CREATED', partner_id: 3, delivery_method: 'parcel_locker' });
  });

  it('drop values that do not fit instead of failing the page', () => {
    const search = parse({ status: 'LOST', country: 'Slovakia', createdFrom: '1.1.2026', company_id: 'acme', partner_id: 5, delivery_method: 'drone' });

    expect(compactSearch(search)).toEqual({});
  });

  it('read numbers the router parsed from the URL as text', () => {
    expect(parse({ reference_number: 12345 }).reference_number).toBe('12345');
  });

  it('trim text filters', () => {
    expect(parse({ item_number: '  PP1  ' }).item_number).toBe('PP1');
  });
});

describe('filtersFromSearch', () => {
  const search = parse({ status: 'SENT', company_id: '0b4c3a63-3f43-4d8e-9a55-5b7e8f6f2c11', delivery_method: 'home_delivery', partner_id: 1, item_number: '' });

  it('gives an admin every filter, without empty ones', () => {
    expect(filtersFromSearch(search, true)).toEqual({ status: 'SENT', company_id: '0b4c3a63-3f43-4d8e-9a55-5b7e8f6f2c11', delivery_method: 'home_delivery', partner_id: 1 });
  });

  it('leaves the admin-only filters out for other roles (the API refuses them)', () => {
    expect(filtersFromSearch(search, false)).toEqual({ status: 'SENT' });
  });
});
