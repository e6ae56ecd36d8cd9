// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reportFileName } from './report-file-name.ts';

describe('the report file name', () => {
  it('names the period and the company, in ASCII', () => {
    expect(reportFileName({ type: 'DAILY', from: '2026-11-29', to: '2026-11-29' }, 'Zelená Záhrada s.r.o.')).toBe('packages_2026-11-29_zelena-zahrada-s-r-o.xlsx');
    expect(reportFileName({ type: 'DAILY', from: '2026-11-01', to: '2026-11-15' }, 'Žltý Ďateľ')).toBe('packages_2026-11-01_2026-11-15_zlty-datel.xlsx');
    expect(reportFileName({ type: 'MONTHLY', from: '2026-11-01', to: '2026-11-30' }, null)).toBe('packages_2026-11_all-companies.xlsx');
  });

  it('keeps a long or symbol-only company name short and non-empty', () => {
    expect(reportFileName({ type: 'DAILY', from: '2026-11-29', to: '2026-11-29' }, 'A'.repeat(80))).toBe(`packages_2026-11-29_${'a'.repeat(40)}.xlsx`);
    expect(reportFileName({ type: 'DAILY', from: '2026-11-29', to: '2026-11-29' }, '★★★')).toBe('packages_2026-11-29_company.xlsx');
  });
});
