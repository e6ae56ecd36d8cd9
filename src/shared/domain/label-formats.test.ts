import { describe, expect, it } from 'vitest';
import { labelFormatFor, profileLabelPrinter } from './label-formats.ts';

describe('labelFormatFor', () => {
  it('prints one label on A6 and several on A4 sheets with the office printer', () => {
    expect(labelFormatFor('office', 'one')).toBe('pdf-a6');
    expect(labelFormatFor('office', 'many')).toBe('pdf-a4');
  });

  it('prints every label in a label printer’s own format', () => {
    expect(labelFormatFor('zpl-203', 'one')).toBe('zpl-203');
    expect(labelFormatFor('pdf-100x150', 'many')).toBe('pdf-100x150');
  });
});

describe('profileLabelPrinter', () => {
  it('uses the pickup address’s printer', () => {
    expect(profileLabelPrinter(['zpl-300'], 'pdf-a6')).toBe('zpl-300');
  });

  it('uses the company’s printer for an address without one', () => {
    expect(profileLabelPrinter([null], 'zpl-203')).toBe('zpl-203');
  });

  it('uses the office printer when neither has one', () => {
    expect(profileLabelPrinter([null, null], null)).toBe('office');
  });

  it('uses the printer a selection’s addresses agree on, the company’s counting for those without one', () => {
    expect(profileLabelPrinter(['zpl-203', 'zpl-203'], null)).toBe('zpl-203');
    expect(profileLabelPrinter(['zpl-203', null], 'zpl-203')).toBe('zpl-203');
  });

  it('falls back to the company’s printer where the addresses differ', () => {
    expect(profileLabelPrinter(['zpl-203', 'pdf-100x150'], 'pdf-a6')).toBe('pdf-a6');
    expect(profileLabelPrinter(['zpl-203', null], null)).toBe('office');
  });

  it('uses the company’s printer when no address is known', () => {
    expect(profileLabelPrinter([], 'zpl-300')).toBe('zpl-300');
  });
});
