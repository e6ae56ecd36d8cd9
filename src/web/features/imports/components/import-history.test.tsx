import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRecord } from '#shared/contract/imports.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { render } from '#tests/setup/web/render.tsx';
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
  result_available: true,
  row_errors: [
    { row: 5, column: 'PSČ', message: 'ZIP is required' },
    { row: 7, column: 'Váha', message: 'Heavier than allowed for this product' },
  ],
  ...patch,
});

let list: ImportRecord[];

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } })));
});

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function setup(records: ImportRecord[]) {
  list = records;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportHistory isAdmin={false} />
      <Toaster />
    </QueryClientProvider>,
  );
  // The skeleton stays until the list is in.
  await vi.waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
  // The desktop table (cards hold the same facts for phones).
  const table = () => within(screen.getByRole('table'));
  return { table, user: userEvent.setup() };
}

describe('ImportHistory', () => {
  it('shows the counts, the time in seconds and the row errors behind an expand button', async () => {
    const { table, user } = await setup([record({})]);
    const cells = within(table().getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 7)).toEqual([expect.stringMatching(/^\d\d\.\d\d\.2025 \d\d:\d\d$/), 'zasielky.csv', 'Completed with 2 errors', '12', '10', '2', '1.8 s']);

    const toggle = table().getByRole('button', { name: 'Show the errors of zasielky.csv' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = table().getByRole('region', { name: 'Errors of zasielky.csv' });
    expect(toggle.getAttribute('aria-controls')).toBe(details.id);
    // One group per row of the file, the row number first, its errors beside it.
    const groups = within(details).getByRole('list', { name: 'Row errors' }).children;
    expect([...groups].map((g) => [g.firstElementChild?.textContent, within(g as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)])).toEqual([
      ['Row 5', ['PSČ: ZIP is required']],
      ['Row 7', ['Váha: Heavier than allowed for this product']],
    ]);
  });

  it('shows a running import with its progress and no result file yet', async () => {
    const { table } = await setup([record({ status: 'PROCESSING', progress: 300, total_shipments: 1200, successful_shipments: 290, failed_shipments: 0, processing_time: null, row_errors: [] })]);
    const bar = table().getByRole<HTMLProgressElement>('progressbar');
    expect([bar.value, bar.max]).toEqual([300, 1200]);
    expect(table().getByRole<HTMLButtonElement>('button', { name: /^Download/ }).disabled).toBe(true);
    expect(table().queryByRole('button', { name: /errors of/ })).toBeNull();
  });

  it('says when an old import’s result file is no longer kept, rather than offering a download that fails', async () => {
    const { table } = await setup([record({ result_available: false }), record({ id: '7c2f4d2f-1f8b-4b9f-8b68-4a1f5b1c0d22', filename: 'novy.csv' })]);

    expect(table().queryByRole('button', { name: 'Download the result file of zasielky.csv' })).toBeNull();
    expect(within(table().getAllByRole('row')[1]!).getByText('Result file no longer kept')).toBeTruthy();
    expect(table().getByRole('button', { name: 'Download the result file of novy.csv' })).toBeTruthy();
  });

  it('says what to do when there is no import yet', async () => {
    await setup([]);
    expect(screen.getByText(/No imports yet\./)).toBeTruthy();
  });

  it('polls every 10 s, every 2 s while an import runs, every 0.5 s while one has few rows left or was just uploaded', () => {
    expect(refreshInterval([record({})])).toBe(10_000);
    expect(refreshInterval([record({}), record({ status: 'PROCESSING', total_shipments: 100_000, progress: 3_000 })])).toBe(2_000);
    expect(refreshInterval([record({}), record({ status: 'PROCESSING', total_shipments: 100_000, progress: 91_000 })])).toBe(500);
    // Just uploaded: not counted yet.
    expect(refreshInterval([record({ status: 'PROCESSING', total_shipments: 0, progress: 0 })])).toBe(500);
    expect(refreshInterval([record({ status: 'PROCESSING', total_shipments: 10_000, progress: 0 })])).toBe(500);
    expect(refreshInterval([record({ status: 'PROCESSING', total_shipments: 20_000, progress: 0 })])).toBe(2_000);
  });

  it('generates the manifest of a completed import with shipments, and shows the server text when none is left', async () => {
    const done = record({ id: '0c5d1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', filename: 'done.csv' });
    const running = record({ id: '1d6e2b3c-4d5e-4f6a-9b0c-1d2e3f4a5b6c', filename: 'running.csv', status: 'PROCESSING', processing_time: null });
    const empty = record({ id: '2e7f3c4d-5e6f-4a7b-8c9d-2e3f4a5b6c7d', filename: 'empty.csv', successful_shipments: 0, failed_shipments: 12 });
    const { table, user } = await setup([done, running, empty]);
    const manifestButtons = table()
      .getAllByRole('button', { name: /^Generate/ })
      .map((b) => b.getAttribute('aria-label'));
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
    const button = table().getByRole<HTMLButtonElement>('button', { name: 'Generate the manifest of done.csv' });
    await user.click(button);
    expect(await screen.findByText(/Manifest downloaded\./)).toBeTruthy();
    expect(generate.mock.calls[0]![0]).toBe('/api/v1/manifests/generate');
    expect(JSON.parse(String(generate.mock.calls[0]![1]!.body))).toEqual({ importId: done.id });
    expect(saved).toEqual(['manifest_MF0000000001.pdf']);

    await vi.waitFor(() => expect(button.disabled).toBe(false));
    generate.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'There are no shipments in status CREATED to put on a manifest.', error: 'invalid_request' }), { status: 400 }),
    );
    await user.click(button);
    // An error toast is an alert.
    expect((await screen.findByRole('alert')).textContent).toContain('There are no shipments in status CREATED to put on a manifest.');
  });
});
