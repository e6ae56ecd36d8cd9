import { describe, expect, it } from 'vitest';
import { validateAuditSearch } from './audit-log-search.ts';

describe('validateAuditSearch', () => {
  it('keeps the filters that fit, trimmed', () => {
    const company = '0b6c7f3e-2f57-4c1e-9a57-3d8f2c1b9e10';
    expect(validateAuditSearch({ company, actor: '  jana ', entity: 'partner', action: 'update', from: '2026-11-01', to: '2026-11-29' })).toEqual({
      company,
      actor: 'jana',
      entity: 'partner',
      action: 'update',
      from: '2026-11-01',
      to: '2026-11-29',
    });
    expect(validateAuditSearch({ company: 'none' })).toEqual({ company: 'none' });
    // The router reads ?actor=123 as a number.
    expect(validateAuditSearch({ actor: 123 })).toEqual({ actor: '123' });
  });

  it('drops what does not fit (an old or hand-edited link) instead of failing the page', () => {
    expect(validateAuditSearch({ company: 'acme', actor: '   ', entity: 'shipment', action: 'purge', from: '1.11.2026', to: 20261129 })).toEqual({});
  });
});
