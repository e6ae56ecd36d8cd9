import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '#web/components/ui/toast-store.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ImportForm } from './import-form.tsx';

vi.mock('#web/components/ui/toast-store.ts', () => ({ showToast: vi.fn() }));

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown> | null;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fullPreview = { headers: ['name'], rows: [['Jana']], total_rows: 1, mapping: {}, missing: [], saved_mapping: false };

let calls: Call[];
let answers: Array<() => Response>;

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportForm />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ applyAccept: false });
  const input = screen.getByLabelText<HTMLInputElement>('File');
  /** The field's error (its description while it has one). */
  const errorText = () => (input.getAttribute('aria-describedby') ? document.getElementById(input.getAttribute('aria-describedby')!)?.textContent : null);
  return {
    input,
    errorText,
    pick: (file: File) => user.upload(input, file),
    submit: () => user.click(screen.getByRole('button', { name: 'Import' })),
  };
}

const csv = (name = 'zasielky.csv', text = 'name\nJana\n') => new File([text], name, { type: 'text/csv' });

describe('ImportForm', () => {
  it('asks for a file, then for a .csv or .xlsx one, before reading anything', async () => {
    const { input, errorText, pick, submit } = setup();
    await submit();
    await vi.waitFor(() => expect(errorText()).toBe('File is required'));
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await pick(new File(['x'], 'zasielky.ods'));
    await submit();
    await vi.waitFor(() => expect(errorText()).toBe('Choose a .csv or .xlsx file.'));
    expect(calls).toHaveLength(0);
  });

  it('previews, then starts the import at once when no column is missing (base64, Idempotency-Key), and shows the server message', async () => {
    answers.push(
      () => json(fullPreview),
      () => json({ id: '6b1f3c1e-0e7a-4a8e-9a57-3f0f4a0b9c11', message: 'Import sa začal.' }, 201),
    );
    const { pick, submit } = setup();
    await pick(csv());
    await submit();
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('Import sa začal.'));

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/shipments/import/preview', 'POST /api/v1/shipments/import']);
    expect(calls[0]!.body).toEqual({ type: 'csv', filename: 'zasielky.csv', file: btoa('name\nJana\n') });
    expect(calls[1]!.body).toEqual({ type: 'csv', filename: 'zasielky.csv', file: btoa('name\nJana\n') });
    expect(calls[1]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the mapping step when required columns are missing', async () => {
    answers.push(() => json({ ...fullPreview, missing: ['receiver_city'] }));
    const { pick, submit } = setup();
    await pick(csv());
    await submit();
    expect(await screen.findByText(/Match the columns of zasielky\.csv/)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('puts a 422 file error on the file input', async () => {
    answers.push(() => json({ error: 'validation_failed', message: 'Invalid request', errors: { file: ['The file content does not match its extension.'] } }, 422));
    const { errorText, pick, submit } = setup();
    await pick(csv('zasielky.xlsx'));
    await submit();
    await vi.waitFor(() => expect(errorText()).toBe('The file content does not match its extension.'));
    expect(calls[0]!.body?.type).toBe('xlsx');
  });

  it('waits for the connection while the browser is offline: Import disabled with the reason, the file kept', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { input, pick } = setup();
    await pick(csv());
    const button = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Importing needs the connection: your file stays chosen.')).toBeTruthy();
    expect(input.files?.[0]?.name).toBe('zasielky.csv');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(button.disabled).toBe(false);
    expect(calls).toHaveLength(0);
    onLine.mockRestore();
  });

  it('keeps the file and says so when the connection drops during the import', async () => {
    const { input, pick, submit } = setup();
    await pick(csv());
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('You are offline');
    expect(input.files?.[0]?.name).toBe('zasielky.csv');
  });
});
