import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../components/ui/toast-store.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { ImportForm } from './import-form.tsx';

vi.mock('../../../components/ui/toast-store.ts', () => ({ showToast: vi.fn() }));

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown> | null;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fullPreview = { headers: ['name'], rows: [['Jana']], total_rows: 1, mapping: {}, missing: [], saved_mapping: false };

let cleanup: (() => void) | undefined;
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
  cleanup?.();
  cleanup = undefined;
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ImportForm />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const form = view.container.querySelector('form')!;
  const errorText = () => (input.getAttribute('aria-describedby') ? document.getElementById(input.getAttribute('aria-describedby')!)?.textContent : null);
  return { view, input, form, errorText };
}

function pick(input: HTMLInputElement, file: File) {
  act(() => {
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function submit(form: HTMLFormElement) {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

/** Waits (inside act, so the reader's and the requests' state updates are flushed) until the check passes. */
const settle = (check: () => void) =>
  act(async () => {
    await vi.waitFor(check);
  });

const csv = (name = 'zasielky.csv', text = 'name\nJana\n') => new File([text], name, { type: 'text/csv' });

describe('ImportForm', () => {
  it('asks for a file, then for a .csv or .xlsx one, before reading anything', async () => {
    const { input, form, errorText } = setup();
    await submit(form);
    expect(errorText()).toBe('File is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    pick(input, new File(['x'], 'zasielky.ods'));
    await submit(form);
    expect(errorText()).toBe('Choose a .csv or .xlsx file.');
    expect(calls).toHaveLength(0);
  });

  it('previews, then starts the import at once when no column is missing (base64, Idempotency-Key), and shows the server message', async () => {
    answers.push(
      () => json(fullPreview),
      () => json({ id: '6b1f3c1e-0e7a-4a8e-9a57-3f0f4a0b9c11', message: 'Import sa začal.' }, 201),
    );
    const { input, form } = setup();
    pick(input, csv());
    await submit(form);
    await settle(() => expect(showToast).toHaveBeenCalledWith('Import sa začal.'));

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/shipments/import/preview', 'POST /api/v1/shipments/import']);
    expect(calls[0]!.body).toEqual({ type: 'csv', filename: 'zasielky.csv', file: btoa('name\nJana\n') });
    expect(calls[1]!.body).toEqual({ type: 'csv', filename: 'zasielky.csv', file: btoa('name\nJana\n') });
    expect(calls[1]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the mapping step when required columns are missing', async () => {
    answers.push(() => json({ ...fullPreview, missing: ['receiver_city'] }));
    const { view, input, form } = setup();
    pick(input, csv());
    await submit(form);
    await settle(() => expect(view.container.textContent).toContain('Match the columns of zasielky.csv'));
    expect(calls).toHaveLength(1);
  });

  it('puts a 422 file error on the file input', async () => {
    answers.push(() => json({ error: 'validation_failed', message: 'Invalid request', errors: { file: ['The file content does not match its extension.'] } }, 422));
    const { input, form, errorText } = setup();
    pick(input, csv('zasielky.xlsx'));
    await submit(form);
    await settle(() => expect(errorText()).toBe('The file content does not match its extension.'));
    expect(calls[0]!.body?.type).toBe('xlsx');
  });

  it('keeps the file and says so when offline', async () => {
    const { view, input, form } = setup();
    pick(input, csv());
    await submit(form);
    await settle(() => expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('You are offline'));
    expect(input.files?.[0]?.name).toBe('zasielky.csv');
  });
});
