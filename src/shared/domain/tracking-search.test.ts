import { describe, expect, it } from 'vitest';
import { normalizeTrackingNumber, parseTrackingSearch, trackingSearchFromQueryString, trackingSearchToQueryString } from './tracking-search.ts';

describe('tracking search params', () => {
  it('takes a tracking number as printed or typed', () => {
    expect(normalizeTrackingNumber(' cp 100 000 017 sk ')).toBe('CP100000017SK');
    expect(parseTrackingSearch({ tracking_number: 'cp100000017sk', zip: ' 811 01 ' })).toEqual({ tracking_number: 'CP100000017SK', zip: '811 01' });
  });

  it('accepts the numbers the router makes of digit-only values', () => {
    expect(parseTrackingSearch({ tracking_number: 123456789012, zip: 81101 })).toEqual({ tracking_number: '123456789012', zip: '81101' });
  });

  it('drops what does not fit instead of failing the page', () => {
    expect(parseTrackingSearch({ tracking_number: 'X'.repeat(41), zip: '1'.repeat(13) })).toEqual({});
    expect(parseTrackingSearch({ tracking_number: ['A'], zip: { a: 1 } })).toEqual({});
    expect(parseTrackingSearch({ tracking_number: '   ', zip: '' })).toEqual({});
  });

  it('reads a query string, also one the router wrote with JSON quotes', () => {
    expect(trackingSearchFromQueryString('?tracking_number=CP100000017SK&zip=%2281101%22')).toEqual({ tracking_number: 'CP100000017SK', zip: '81101' });
    expect(trackingSearchFromQueryString('')).toEqual({});
  });

  it('writes a query string without empty values', () => {
    expect(trackingSearchToQueryString({ tracking_number: 'CP100000017SK', zip: '811 01' })).toBe('?tracking_number=CP100000017SK&zip=811+01');
    expect(trackingSearchToQueryString({ tracking_number: 'CP100000017SK' })).toBe('?tracking_number=CP100000017SK');
    expect(trackingSearchToQueryString({})).toBe('');
  });
});
