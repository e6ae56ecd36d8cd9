import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ImportErrors } from './import-errors.tsx';

describe('the import errors', () => {
  const record = (patch: Partial<ImportRecord>): ImportRecord => ({
    id: '6b1f3c1e-0e7a-4a8e-9a57-3f0f4a0b9c11',
    filename: 'zasielky.csv',
    total_shipments: 30,
    successful_shipments: 27,
    failed_shipments: 3,
    progress: 30,
    processing_time: 900,
    status: 'COMPLETED',
    created_at: '2025-05-06T08:09:00.000Z',
    error_message: null,
    result_available: true,
    row_errors: [],
    ...patch,
  });

  it('groups the errors by the file’s row, the row number first', () => {
    render(
      <ImportErrors
        id="errors"
        record={record({
          row_errors: [
            { row: 5, column: 'PSČ', message: 'ZIP is required' },
            { row: 5, column: 'Mesto', message: 'City is required' },
            { row: 9, column: '', message: 'The row could not be read' },
          ],
          failed_shipments: 2,
        })}
      />,
    );
    const region = screen.getByRole('region', { name: 'Errors of zasielky.csv' });
    expect(region.id).toBe('errors');
    // Each group: the row number first, then a list of its errors.
    const groups = within(region).getByRole('list', { name: 'Row errors' }).children;
    expect(
      [...groups].map((group) => [group.firstElementChild?.textContent, within(group as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)]),
    ).toEqual([
      ['Row 5', ['PSČ: ZIP is required', 'Mesto: City is required']],
      ['Row 9', ['The row could not be read']],
    ]);
    // Every failed row is listed: no pointer to the result file.
    expect(region.textContent).not.toContain('The result file lists the errors of every row.');
  });

  it('points to the result file when more rows failed than are listed, and shows the file’s own error first', () => {
    render(<ImportErrors id="errors" record={record({ status: 'FAILED', error_message: 'The import was interrupted.', row_errors: [{ row: 2, column: 'PSČ', message: 'ZIP is required' }] })} />);
    const region = screen.getByRole('region', { name: 'Errors of zasielky.csv' });
    expect(within(region).getByRole('note').textContent).toBe('The import was interrupted.');
    expect(region.textContent).toContain('The result file lists the errors of every row.');
  });
});
