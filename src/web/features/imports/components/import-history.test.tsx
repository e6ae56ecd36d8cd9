import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRecord } from '../../../../shared/contract/imports.ts';
import { render } from '../../../lib/test-render.tsx';
import { refreshInterval } from '../api/get-imports.ts';
import { ImportHistory } from './import-history.tsx';

const record = (patch: Partial<ImportRecord>): ImportRecord => ({
  id: '6b1f3c1e-0e7a-4a8e-9a57-3f0f4a0b9c11',
  filename: 'zasielky.csv',
  total_shipments: 12,
  successful_shipments: 10,
  failed_shipments: 2,
  progress: 12,
  processing_time: 1830,
  status: 'COMPLETED',
  created_at: '2025-05-06T08:09:00.000Z',
  error_message: null,
  row_errors: [
    { row: 5, column: 'PSČ', message: 'ZIP is required' },
    { row: 7, column: 'Váha', message: 'Heavier than allowed for this product' },
  ],
  ...patch,
});

let cleanup: (() => void) | undefined;
let list: ImportRecord[];

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } })));
});

afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  vi.unstubAllGlobals();
});

async function setup(records: ImportRecord[]) {
  list = records;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ImportHistory isAdmin={false} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await act(async () => {
    await vi.waitFor(() => expect(view.container.querySelector('[aria-busy="true"]')).toBeNull());
  });
  // The desktop table (cards hold the same facts for phones).
  const table = view.container.querySelector('table')!;
  return { view, table };
}

describe('ImportHistory', () => {
  it('shows the counts, the time in seconds and the row errors behind an expand button', async () => {
    const { table } = await setup([record({})]);
    const cells = [...table.querySelectorAll('tbody td')].map((td) => td.textContent);
    expect(cells.slice(0, 7)).toEqual([expect.stringMatching(/^\d\d\.\d\d\.2025 \d\d:\d\d$/), 'zasielky.csv', 'Completed', '12', '10', '2', '1.8 s']);

    const toggle = table.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect([...details.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Row 5 · PSČ: ZIP is required', 'Row 7 · Váha: Heavier than allowed for this product']);
  });

  it('shows a running import with its progress and no result file yet', async () => {
    const { table } = await setup([record({ status: 'PROCESSING', progress: 300, total_shipments: 1200, successful_shipments: 290, failed_shipments: 0, processing_time: null, row_errors: [] })]);
    const bar = table.querySelector('progress')!;
    expect([bar.value, bar.max]).toEqual([300, 1200]);
    expect(table.querySelector<HTMLButtonElement>('button[aria-label^="Download"]')!.disabled).toBe(true);
    expect(table.querySelector('button[aria-expanded]')).toBeNull();
  });

  it('says what to do when there is no import yet', async () => {
    const { view } = await setup([]);
    expect(view.container.textContent).toContain('No imports yet.');
  });

  it('polls every 10 s, every 2 s while an import runs', () => {
    expect(refreshInterval([record({})])).toBe(10_000);
    expect(refreshInterval([record({}), record({ status: 'PROCESSING' })])).toBe(2_000);
  });
});
