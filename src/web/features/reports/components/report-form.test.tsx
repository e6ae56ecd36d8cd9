import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, bratislavaDay } from '../../../../shared/contract/reports.ts';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '../../../components/ui/toaster.tsx';
import { byLabel, buttonNamed, choose, click, typeDay } from '../../../../../tests/setup/web/dom-helpers.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { renderInRouter } from '../../../../../tests/setup/web/render.tsx';
import { SESSION_CLIENT_KEY } from '../../../lib/token-store.ts';
import { ReportForm } from './report-form.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;

beforeEach(() => {
  // Downloads go through an object URL and a temporary link.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  localStorage.clear();
  act(() => dismissToast());
});

function signedInAs(role: 'USER' | 'ADMIN') {
  localStorage.setItem(SESSION_CLIENT_KEY, JSON.stringify({ id: 'c1', name: 'Peter Horváth', role, products: {} }));
}

async function setup() {
  const view = renderInRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReportForm />
      <Toaster />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await vi.waitFor(() => expect(view.container.querySelector('form')).not.toBeNull());
  return view.container;
}

/** A country's checkbox in the picker (its label also shows the code). */
function countryBox(root: ParentNode, name: string): HTMLInputElement {
  const label = [...root.querySelectorAll('label')].find((l) => l.querySelector('span')?.textContent === name);
  return label!.querySelector('input')!;
}

const reportCalls = () => fetchMock().mock.calls.filter(([url]) => String(url).includes('/api/v1/admin/shipments/report'));
const xlsx = () => new Response(new Blob(['PK']), { status: 200, headers: { 'content-disposition': 'attachment; filename="packages.xlsx"' } });

describe('the report form', () => {
  it('offers a client DAILY only, from today to tomorrow, and exports its choice', async () => {
    signedInAs('USER');
    const container = await setup();
    const today = bratislavaDay(new Date());
    expect(container.querySelector('input[type="radio"]')).toBeNull();
    const shown = (iso: string) => iso.split('-').reverse().join('.');
    // Days are written as the portal writes them in every language; the calendar stops at tomorrow.
    expect(byLabel(container, 'From').value).toBe(shown(today));
    expect(byLabel(container, 'To').value).toBe(shown(addDays(today, 1)));
    expect(byLabel(container, 'To').parentElement?.querySelector<HTMLInputElement>('input[type="date"]')?.max).toBe(addDays(today, 1));

    click(countryBox(container, 'Slovakia'));
    click(countryBox(container, 'Czechia'));
    fetchMock().mockResolvedValueOnce(xlsx());
    click(buttonNamed(container, 'Export'));
    await vi.waitFor(() => expect(reportCalls()).toHaveLength(1));
    const [, init] = reportCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'DAILY', from_date: today, to_date: addDays(today, 1), countries: ['SK', 'CZ'] });
    await vi.waitFor(() => expect(document.body.textContent).toContain('The report was downloaded.'));
  });

  it("refuses an end before the start on the field, and shows the server's empty-period message at the top", async () => {
    signedInAs('USER');
    const container = await setup();
    const today = bratislavaDay(new Date());
    typeDay(byLabel(container, 'To'), addDays(today, -3));
    click(buttonNamed(container, 'Export'));
    await vi.waitFor(() => expect(byLabel(container, 'To').getAttribute('aria-invalid')).toBe('true'));
    expect(reportCalls()).toHaveLength(0);

    typeDay(byLabel(container, 'To'), today);
    fetchMock().mockResolvedValueOnce(json({ error: 'not_found', message: 'No shipments in this period.' }, 404));
    click(buttonNamed(container, 'Export'));
    await vi.waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe('No shipments in this period.'));
  });

  it('shows the server busy with other reports at the top, keeps the choices, and exports on the next try', async () => {
    signedInAs('USER');
    const container = await setup();
    const busy = 'Other reports are being prepared right now. Please try again in a moment.';
    fetchMock().mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'too_many_requests', message: busy }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '5' } }),
    );
    click(buttonNamed(container, 'Export'));
    await vi.waitFor(() => expect(container.querySelector('[role="alert"]')?.textContent).toBe(busy));
    expect(reportCalls()).toHaveLength(1);

    fetchMock().mockResolvedValueOnce(xlsx());
    click(buttonNamed(container, 'Export'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('The report was downloaded.'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(reportCalls()).toHaveLength(2);
  });

  it('lets an admin choose MONTHLY, a month and a company', async () => {
    signedInAs('ADMIN');
    fetchMock().mockImplementation(async (input) =>
      String(input).includes('/company/list')
        ? json([{ id: '5b7a1f0e-4e0c-4c1c-9a53-2b8f2d1c0a11', name: 'Zelená Záhrada s.r.o.', city: 'Žilina', country: 'SK', companyIdentificationNumber: '1', clientCount: 1 }])
        : xlsx(),
    );
    const container = await setup();
    click(byLabel(container, 'Monthly (a whole month)'));
    await vi.waitFor(() => expect(byLabel(container, 'Month')).toBeDefined());
    choose(byLabel<HTMLSelectElement>(container, 'Month'), '2026-10');
    await vi.waitFor(() => expect(container.querySelectorAll('select[aria-label="Company"] option')).toHaveLength(2));
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Company"]')!;
    act(() => {
      select.value = '5b7a1f0e-4e0c-4c1c-9a53-2b8f2d1c0a11';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    click(buttonNamed(container, 'Export'));
    await vi.waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(JSON.parse(String(reportCalls()[0]![1]?.body))).toEqual({ type: 'MONTHLY', from_date: '2026-10-01', company_id: '5b7a1f0e-4e0c-4c1c-9a53-2b8f2d1c0a11', countries: [] });
  });
});
