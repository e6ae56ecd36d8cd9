import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PointDirectoryImport } from '../../../../shared/contract/admin-pickup-points.ts';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { buttonNamed, byLabel, choose, click } from '../../../../../tests/setup/web/dom-helpers.ts';
import { DirectorySummary, PointDirectory } from './point-directory.tsx';

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
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
  const view = render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
  cleanup = view.unmount;
  return view.container;
}

describe('the pickup-point directory', () => {
  it('summary shows the counts and the rejected rows with row, field and message', () => {
    const container = wrap(<DirectorySummary summary={summary} />);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['4', 'zip', 'This value is missing or not valid'],
      ['9', 'id', 'This point id appears twice in the file'],
    ]);
    const stats = Object.fromEntries([...container.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));
    expect(stats).toMatchObject({ Added: '5', Changed: '3', Unchanged: '2', Deactivated: '1', Rejected: '2' });
  });

  it('uploads the chosen file as base64 and shows the summary', async () => {
    fetchMock().mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/network/partners')) return json([{ id: 3, code: 'SPS', name: 'Slovak Parcel Service', priority: 5, tracking_url_template: null, service_count: 0, active_key_count: 0, active_point_count: 0 }]);
      if (url.includes('/pickup-points/imports')) return json([]);
      return json(summary, 201);
    });
    const container = wrap(<PointDirectory />);
    await vi.waitFor(() => expect(container.textContent).toContain('No directory has been imported yet.'));
    // Only the partners with a directory can be chosen.
    const partner = byLabel<HTMLSelectElement>(container, 'Partner');
    expect([...partner.options].map((o) => o.value)).toEqual(['', '3', '7', '4', '8']);
    choose(partner, '3');
    const input = byLabel(container, 'File');
    const file = new File(['id;name\n1;Point'], 'sps-points.csv', { type: 'text/csv' });
    act(() => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    click(buttonNamed(container, 'Import'));
    await vi.waitFor(() => expect(fetchMock().mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock().mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ partner_id: 3, format: 'csv', filename: 'sps-points.csv', file: btoa('id;name\n1;Point') });
    await vi.waitFor(() => expect(container.textContent).toContain('This point id appears twice in the file'));
  });
});
