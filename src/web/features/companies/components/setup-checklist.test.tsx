import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SetupStatus } from '#shared/contract/admin-setup.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { companyKeys } from '../api/company-keys.ts';
import { SetupChecklist } from './setup-checklist.tsx';

const fetchMock = stubFetchPerTest();
const COMPANY = { id: '3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Modrý Koník s.r.o.' };
const none = { company: false, product: false, bankAccount: false, pickupAddress: false, client: false, partner: false };

function show(status: SetupStatus, props: Parameters<typeof SetupChecklist>[0] = {}) {
  fetchMock().mockResolvedValue(json(status));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInRouter(
    <QueryClientProvider client={queryClient}>
      <SetupChecklist {...props} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** Waits until the status has arrived and rendered (so that "nothing shown" is the answer's doing, not its absence). */
async function answered(queryClient: QueryClient) {
  await act(() => vi.waitFor(() => expect(queryClient.getQueryState(companyKeys.setup())?.status).toBe('success')));
}

const checklist = async () => within(await screen.findByRole('region', { name: 'First steps: ready for the first client' }));

describe('the first-run checklist', () => {
  it('starts an empty installation at "Add company", the other steps waiting for the company', async () => {
    localStorage.clear();
    const onAddCompany = vi.fn();
    show({ company: null, done: none }, { onAddCompany });
    const list = await checklist();
    expect(list.getByText('0 of 6 done.')).toBeTruthy();
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      "Add the client's company(to do)",
      'Choose its products per country(to do)',
      'Enter its bank account(to do)',
      'Add a pickup address(to do)',
      'Register a client(to do)',
      'Choose delivery partners (optional)(to do)',
    ]);
    expect(list.queryAllByRole('link')).toEqual([]);
    await userEvent.click(list.getByRole('button', { name: 'Add company' }));
    expect(onAddCompany).toHaveBeenCalledOnce();
    expect(String(fetchMock().mock.calls[0]![0])).toBe('/api/v1/admin/setup');
  });

  it('ticks the steps done and links each next one to its section of the company page', async () => {
    localStorage.clear();
    show({ company: COMPANY, done: { ...none, company: true, product: true } });
    const list = await checklist();
    expect(list.getByText('For Modrý Koník s.r.o.: 2 of 6 done.')).toBeTruthy();
    expect(list.getAllByText('(done)')).toHaveLength(2);
    const next = list.getByRole('link', { name: 'Add bank account' });
    expect(next.getAttribute('href')).toBe(`/company/${COMPANY.id}#bank-accounts-title`);
    expect(next.closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(list.getByRole('link', { name: 'Choose partners' }).getAttribute('href')).toBe(`/company/${COMPANY.id}#pickup-addresses-title`);
  });

  it('is not shown once every step is done', async () => {
    localStorage.clear();
    await answered(show({ company: COMPANY, done: { company: true, product: true, bankAccount: true, pickupAddress: true, client: true, partner: true } }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('stays hidden on this device once hidden', async () => {
    localStorage.clear();
    show({ company: COMPANY, done: { ...none, company: true } });
    await userEvent.click((await checklist()).getByRole('button', { name: 'Hide the checklist' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem('setup-checklist-hidden')).toBe('1');
  });

  it('shows on the page of the company it follows only', async () => {
    localStorage.clear();
    await answered(show({ company: COMPANY, done: { ...none, company: true } }, { onCompanyPage: 'another-company' }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
