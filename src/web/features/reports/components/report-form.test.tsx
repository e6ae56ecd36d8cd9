import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, bratislavaDay } from '#shared/contract/reports.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { SESSION_CLIENT_KEY } from '#web/lib/token-store.ts';
import { ReportForm } from './report-form.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
beforeEach(() => {
  // Downloads go through an object URL and a temporary link.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  localStorage.clear();
  act(() => dismissToast());
});

function signedInAs(role: 'USER' | 'ADMIN') {
  localStorage.setItem(SESSION_CLIENT_KEY, JSON.stringify({ id: 'c1', name: 'Peter Horváth', role, products: {} }));
}

async function setup() {
  renderInRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReportForm />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Export' });
  return userEvent.setup({ delay: null });
}

/** A country's checkbox in the picker (its label also shows the code). */
const countryBox = (name: string) => within(screen.getByRole('list', { name: 'Destination countries' })).getByRole('checkbox', { name: new RegExp(`^${name}`) });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** Types a day into a day field as a person would (dd.mm.yyyy) and leaves the field, which applies it. */
async function typeDay(user: UserEvent, input: HTMLInputElement, iso: string) {
  await user.clear(input);
  await user.type(input, iso.split('-').reverse().join('.'));
  await user.tab();
}
const exportButton = () => screen.getByRole('button', { name: 'Export' });

const reportCalls = () => fetchMock().mock.calls.filter(([url]) => String(url).includes('/api/v1/admin/shipments/report'));
const xlsx = () => new Response(new Blob(['PK']), { status: 200, headers: { 'content-disposition': 'attachment; filename="packages.xlsx"' } });

describe('the report form', () => {
  it('offers a client DAILY only, today (both days included: issue 31), and exports its choice', async () => {
    signedInAs('USER');
    const user = await setup();
    const today = bratislavaDay(new Date());
    expect(screen.queryByRole('radio')).toBeNull();
    const shown = (iso: string) => iso.split('-').reverse().join('.');
    // Days are written as the portal writes them in every language; the calendar stops at tomorrow.
    expect(field('From').value).toBe(shown(today));
    expect(field('To').value).toBe(shown(today));
    // The calendar beside the field (hidden from assistive technology: the field is the way in).
    expect(within(field('To').parentElement!).getByDisplayValue<HTMLInputElement>(today).max).toBe(addDays(today, 1));

    await user.click(countryBox('Slovakia'));
    await user.click(countryBox('Czechia'));
    fetchMock().mockResolvedValueOnce(xlsx());
    await user.click(exportButton());
    await vi.waitFor(() => expect(reportCalls()).toHaveLength(1));
    const [, init] = reportCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'DAILY', from_date: today, to_date: today, countries: ['SK', 'CZ'] });
    expect(await screen.findByText('The report was downloaded.')).toBeTruthy();
  });

  it("refuses an end before the start on the field, and shows the server's empty-period message at the top", async () => {
    signedInAs('USER');
    const user = await setup();
    const today = bratislavaDay(new Date());
    await typeDay(user, field('To'), addDays(today, -3));
    await user.click(exportButton());
    await vi.waitFor(() => expect(field('To').getAttribute('aria-invalid')).toBe('true'));
    expect(reportCalls()).toHaveLength(0);

    await typeDay(user, field('To'), today);
    fetchMock().mockResolvedValueOnce(json({ error: 'not_found', message: 'No shipments in this period.' }, 404));
    await user.click(exportButton());
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No shipments in this period.'));
  });

  it('shows the server busy with other reports at the top, keeps the choices, and exports on the next try', async () => {
    signedInAs('USER');
    const user = await setup();
    const busy = 'Other reports are being prepared right now. Please try again in a moment.';
    fetchMock().mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'too_many_requests', message: busy }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '5' } }),
    );
    await user.click(exportButton());
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(busy));
    expect(reportCalls()).toHaveLength(1);

    fetchMock().mockResolvedValueOnce(xlsx());
    await user.click(exportButton());
    expect(await screen.findByText('The report was downloaded.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reportCalls()).toHaveLength(2);
  });

  it('lets an admin choose MONTHLY, a month and a company', async () => {
    signedInAs('ADMIN');
    fetchMock().mockImplementation(async (input) =>
      String(input).includes('/company/list')
        ? json([{ id: '5b7a1f0e-4e0c-4c1c-9a53-2b8f2d1c0a11', name: 'Zelená Záhrada s.r.o.', city: 'Žilina', country: 'SK', companyIdentificationNumber: '1', clientCount: 1 }])
        : xlsx(),
    );
    const user = await setup();
    await user.click(screen.getByLabelText('Monthly (a whole month)'));
    await user.selectOptions(await screen.findByLabelText('Month'), '2026-10');
    const company = screen.getByRole('combobox', { name: 'Company' });
    await vi.waitFor(() => expect(within(company).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(company, '5b7a1f0e-4e0c-4c1c-9a53-2b8f2d1c0a11');
    await user.click(exportButton());
    await vi.waitFor(() => expect(reportCalls()).toHaveLength(1));
    expect(JSON.parse(String(reportCalls()[0]![1]?.body))).toEqual({ type: 'MONTHLY', from_date: '2026-10-01', company_id: '5b7a1f0e-4e0c-4c1c-9a53-2b8f2d1c0a11', countries: [] });
  });
});
