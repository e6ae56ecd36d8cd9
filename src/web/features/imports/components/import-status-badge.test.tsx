import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ImportStatusBadge } from './import-status-badge.tsx';

type BadgeRecord = Pick<ImportRecord, 'status' | 'progress' | 'total_shipments' | 'failed_shipments'>;

/** The colour of the badge that reads `text` (found by its text, as a user reads it). */
function colourOf(record: Partial<BadgeRecord>, text: string) {
  const view = render(<ImportStatusBadge record={{ status: 'COMPLETED', progress: 12, total_shipments: 12, failed_shipments: 0, ...record }} />);
  const colour = [...screen.getByText(text).classList].find((c) => c.startsWith('badge-'));
  view.unmount();
  return colour;
}

describe('the import status badge', () => {
  it('is a green Completed only when every row became a shipment', () => {
    expect(colourOf({}, 'Completed')).toBe('badge-success');
  });

  it('says how many rows failed, in the warning colour, when some did', () => {
    expect(colourOf({ failed_shipments: 1 }, 'Completed with 1 error')).toBe('badge-warning');
    expect(colourOf({ failed_shipments: 2 }, 'Completed with 2 errors')).toBe('badge-warning');
    expect(colourOf({ failed_shipments: 1234, total_shipments: 5000 }, 'Completed with 1,234 errors')).toBe('badge-warning');
  });

  it('keeps Failed and Processing as they are', () => {
    expect(colourOf({ status: 'FAILED', failed_shipments: 12 }, 'Failed')).toBe('badge-error');
    expect(colourOf({ status: 'PROCESSING', progress: 3, failed_shipments: 1 }, 'Processing')).toBe('badge-info');
  });
});
