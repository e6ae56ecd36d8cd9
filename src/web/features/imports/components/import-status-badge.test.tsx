import { afterEach, describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../../shared/contract/imports.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { ImportStatusBadge } from './import-status-badge.tsx';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

type BadgeRecord = Pick<ImportRecord, 'status' | 'progress' | 'total_shipments' | 'failed_shipments'>;

function badge(record: Partial<BadgeRecord>) {
  const view = render(<ImportStatusBadge record={{ status: 'COMPLETED', progress: 12, total_shipments: 12, failed_shipments: 0, ...record }} />);
  cleanup = view.unmount;
  const element = view.container.querySelector<HTMLElement>('.badge')!;
  return { text: element.textContent, colour: [...element.classList].find((c) => c.startsWith('badge-')) };
}

describe('the import status badge', () => {
  it('is a green Completed only when every row became a shipment', () => {
    expect(badge({})).toEqual({ text: 'Completed', colour: 'badge-success' });
  });

  it('says how many rows failed, in the warning colour, when some did', () => {
    expect(badge({ failed_shipments: 1 })).toEqual({ text: 'Completed with 1 error', colour: 'badge-warning' });
    expect(badge({ failed_shipments: 2 })).toEqual({ text: 'Completed with 2 errors', colour: 'badge-warning' });
    expect(badge({ failed_shipments: 1234, total_shipments: 5000 })).toEqual({ text: 'Completed with 1,234 errors', colour: 'badge-warning' });
  });

  it('keeps Failed and Processing as they are', () => {
    expect(badge({ status: 'FAILED', failed_shipments: 12 })).toEqual({ text: 'Failed', colour: 'badge-error' });
    expect(badge({ status: 'PROCESSING', progress: 3, failed_shipments: 1 })).toEqual({ text: 'Processing', colour: 'badge-info' });
  });
});
