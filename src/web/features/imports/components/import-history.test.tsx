import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRecord } from '../../../../shared/contract/imports.ts';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '../../../components/ui/toaster.tsx';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { refreshInterval } from '../api/get-imports.ts';
import { ImportHistory } from './import-history.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

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
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function setup(records: ImportRecord[]) {
  list = records;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ImportHistory isAdmin={false} />
      <Toaster />
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
    expect(cells.slice(0, 7)).toEqual([expect.stringMatching(/^\d\d\.\d\d\.2025 \d\d:\d\d$/), 'zasielky.csv', 'Completed with 2 errors', '12', '10', '2', '1.8 s']);

    const toggle = table.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    // One group per row of the file, the row number first, its errors beside it.
    const groups = [...details.querySelectorAll('ul[aria-label="Row errors"] > li')];
    expect(groups.map((g) => [g.firstElementChild?.textContent, [...g.querySelectorAll('li')].map((li) => li.textContent)])).toEqual([
      ['Row 5', ['PSČ: ZIP is required']],
      ['Row 7', ['Váha: Heavier than allowed for this product']],
    ]);
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

  it('generates the manifest of a completed import with shipments, and shows the server text when none is left', async () => {
    const done = record({ id: '0c5d1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', filename: 'done.csv' });
    const running = record({ id: '1d6e2b3c-4d5e-4f6a-9b0c-1d2e3f4a5b6c', filename: 'running.csv', status: 'PROCESSING', processing_time: null });
    const empty = record({ id: '2e7f3c4d-5e6f-4a7b-8c9d-2e3f4a5b6c7d', filename: 'empty.csv', successful_shipments: 0, failed_shipments: 12 });
    const { table } = await setup([done, running, empty]);
    const manifestButtons = [...table.querySelectorAll('button')].map((b) => b.getAttribute('aria-label')).filter((l) => l?.startsWith('Generate'));
    expect(manifestButtons).toEqual(['Generate the manifest of done.csv']);

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:manifest');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const generate = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="manifest_MF0000000001.pdf"' } }),
    );
    vi.stubGlobal('fetch', generate);
    const button = table.querySelector<HTMLButtonElement>('button[aria-label="Generate the manifest of done.csv"]')!;
    await act(async () => button.click());
    await act(async () => {
      await vi.waitFor(() => expect(document.querySelector('.toast')?.textContent).toContain('Manifest downloaded.'));
    });
    expect(generate.mock.calls[0]![0]).toBe('/api/v1/manifests/generate');
    expect(JSON.parse(String(generate.mock.calls[0]![1]!.body))).toEqual({ importId: done.id });
    expect(saved).toEqual(['manifest_MF0000000001.pdf']);

    await act(async () => vi.waitFor(() => expect(button.disabled).toBe(false)));
    generate.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'There are no shipments in status CREATED to put on a manifest.', error: 'invalid_request' }), { status: 400 }),
    );
    await act(async () => button.click());
    await act(async () => {
      await vi.waitFor(() => expect(document.querySelector('.toast[role="alert"]')?.textContent).toContain('There are no shipments in status CREATED to put on a manifest.'));
    });
  });
});
