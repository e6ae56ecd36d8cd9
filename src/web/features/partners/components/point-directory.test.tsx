import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PointDirectoryImport } from '#shared/contract/admin-pickup-points.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { DirectorySummary, PointDirectory } from './point-directory.tsx';

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

const summary: PointDirectoryImport = {
  id: 'imp-1',
  partner_id: 3,
  partner_name: 'SPS',
  filename: 'sps-points.csv',
  created_at: '2024-05-01T08:00:00Z',
  actor: 'admin@carrier.sk',
  total: 12,
  added: 5,
  changed: 3,
  unchanged: 2,
  deactivated: 1,
  rejected: 2,
  rejected_rows: [
    { row: 4, field: 'zip', message: 'This value is missing or not valid' },
    { row: 9, field: 'id', message: 'This point id appears twice in the file' },
  ],
};

function wrap(ui: React.ReactNode) {
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
}

describe('the pickup-point directory', () => {
  it('summary shows the counts and the rejected rows with row, field and message', () => {
    wrap(<DirectorySummary summary={summary} />);
    const region = screen.getByRole('region', { name: 'Import summary' });
    const rows = within(region)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['4', 'zip', 'This value is missing or not valid'],
      ['9', 'id', 'This point id appears twice in the file'],
    ]);
    // Each count stands beside its term.
    const count = (term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(['Added', 'Changed', 'Unchanged', 'Deactivated', 'Rejected'].map(count)).toEqual(['5', '3', '2', '1', '2']);
  });

  it('uploads the chosen file as base64 and shows the summary', async () => {
    fetchMock().mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/network/partners')) return json([{ id: 3, code: 'SPS', name: 'Slovak Parcel Service', priority: 5, tracking_url_template: null, service_count: 0, active_key_count: 0, active_point_count: 0 }]);
      if (url.includes('/pickup-points/imports')) return json([]);
      return json(summary, 201);
    });
    wrap(<PointDirectory />);
    const user = userEvent.setup();
    expect(await screen.findByText('No directory has been imported yet.')).toBeTruthy();
    // Only the partners with a directory can be chosen.
    const partner = screen.getByLabelText('Partner');
    expect(within(partner).getAllByRole<HTMLOptionElement>('option').map((o) => o.value)).toEqual(['', '3', '7', '4', '8']);
    await user.selectOptions(partner, '3');
    await user.upload(screen.getByLabelText('File'), new File(['id;name\n1;Point'], 'sps-points.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(fetchMock().mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock().mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ partner_id: 3, format: 'csv', filename: 'sps-points.csv', file: btoa('id;name\n1;Point') });
    expect(await screen.findByText('This point id appears twice in the file')).toBeTruthy();
  });
});
