import { describe, expect, it } from 'vitest';
import { acceptQuality, prefersToJson } from './accept.ts';

describe('acceptQuality', () => {
  it('takes the most specific matching range, whatever the order', () => {
    expect(acceptQuality('*/*;q=0.1, application/pdf;q=0.8, application/*;q=0.5', 'application/pdf')).toBe(0.8);
    expect(acceptQuality('*/*;q=0.1, application/*;q=0.5', 'application/pdf')).toBe(0.5);
    expect(acceptQuality('text/html, */*;q=0.2', 'application/pdf')).toBe(0.2);
    expect(acceptQuality('text/html', 'application/pdf')).toBe(0);
  });

  it('reads case, spaces and odd q values', () => {
    expect(acceptQuality('Application/PDF ; Q = 0.7', 'application/pdf')).toBe(0.7);
    expect(acceptQuality('application/pdf;q=5', 'application/pdf')).toBe(1);
    expect(acceptQuality('application/pdf;q=abc', 'application/pdf')).toBe(0);
    expect(acceptQuality('application/pdf;version=2', 'application/pdf')).toBe(1);
  });

  it('accepts everything without a header', () => {
    expect(acceptQuality(undefined, 'application/pdf')).toBe(1);
    expect(acceptQuality('  ', 'application/pdf')).toBe(1);
  });
});

describe('prefersToJson', () => {
  it.each([
    ['application/pdf', true],
    ['application/pdf, application/json;q=0.5', true],
    ['application/json;q=0, */*', true],
    ['application/json', false],
    ['application/pdf, application/json', false],
    ['*/*', false],
    ['application/*', false],
    ['text/html', false],
    [undefined, false],
  ])('%s: %s', (header, expected) => {
    expect(prefersToJson(header, 'application/pdf')).toBe(expected);
  });
});
