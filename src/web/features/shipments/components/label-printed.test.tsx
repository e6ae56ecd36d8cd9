import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { LabelPrinted } from './label-printed.tsx';
import { shipmentListSearchSchema } from './shipment-list-search.ts';

describe('LabelPrinted', () => {
  it('says not printed, printed, or how often, with the first print’s time on hover', () => {
    const { unmount } = render(<LabelPrinted shipment={{ label_printed_at: null, label_prints: 0 }} />);
    expect(screen.getByText('Not printed')).toBeTruthy();
    unmount();
    const once = render(<LabelPrinted shipment={{ label_printed_at: '2026-11-29T19:41:00.000Z', label_prints: 1 }} />);
    expect(screen.getByText('Printed').getAttribute('title')).toMatch(/^First printed .*29/);
    once.unmount();
    render(<LabelPrinted shipment={{ label_printed_at: '2026-11-29T19:41:00.000Z', label_prints: 3 }} />);
    expect(screen.getByText('Printed 3×')).toBeTruthy();
  });

  it('shows nothing for a row kept on the device from before the field existed', () => {
    const { container } = render(<LabelPrinted shipment={{} as { label_printed_at: null; label_prints: number }} />);
    expect(container.textContent).toBe('');
  });
});

describe('the list’s label_printed search param', () => {
  it('keeps true and false and drops anything else', () => {
    expect(shipmentListSearchSchema.parse({ label_printed: false }).label_printed).toBe(false);
    expect(shipmentListSearchSchema.parse({ label_printed: true }).label_printed).toBe(true);
    expect(shipmentListSearchSchema.parse({ label_printed: 'maybe' }).label_printed).toBeUndefined();
  });
});
