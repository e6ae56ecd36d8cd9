import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { PartnerAssignment } from './partner-assignment.tsx';
import { ADDRESS_ID, COMPANY_ID, companyFixture } from '#tests/setup/web/company-fixtures.ts';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

const candidates = [
  { id: 3, name: 'Slovak Parcel Service', priority: 5 },
  { id: 1, name: 'PostOne', priority: 3 },
];

function answer(url: string, init?: RequestInit) {
  if (url.startsWith(`/api/v1/admin/company/${COMPANY_ID}`)) return json(companyFixture());
  if (url.startsWith('/api/v1/admin/partner')) return json(candidates);
  if (url.startsWith(`/api/v1/admin/pickup-address/${ADDRESS_ID}/partner`) && init?.method === 'POST') return json(companyFixture().pickupAddresses[0], 201);
  return json({ message: 'not found' }, 404);
}

async function setup(addressId: string | null = ADDRESS_ID) {
  fetchMock().mockImplementation(async (input, init) => answer(String(input), init));
  renderInRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PartnerAssignment companyId={COMPANY_ID} addressId={addressId} />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  await vi.waitFor(() => expect(screen.queryByRole('status', { busy: true })).toBeNull());
  const user = userEvent.setup();
  return { user, choose: (label: string, value: string) => user.selectOptions(screen.getByLabelText(label), value) };
}

const candidateCalls = () => fetchMock().mock.calls.filter(([url]) => String(url).startsWith('/api/v1/admin/partner'));
const assignCalls = () => fetchMock().mock.calls.filter(([url, init]) => String(url).includes('/partner?') && init?.method === 'POST');

describe('the partner assignment page', () => {
  it('shows the address as labels print it (postcode before town) and asks for candidates only when country, product and method are all chosen', async () => {
    const { choose } = await setup();
    expect(screen.getByText(/Mlynské nivy 5, 82109 Bratislava/)).toBeTruthy();
    await choose('Country', 'SK');
    await choose('Product', 'PRM');
    expect(candidateCalls()).toHaveLength(0);
    expect(screen.queryByText(/Assign a partner for/)).toBeNull();

    await choose('Delivery method', 'parcel_locker');
    expect(await screen.findByText('Slovak Parcel Service')).toBeTruthy();
    // Unticked, the assignment is saved for every method: the heading says so (issue 31).
    expect(screen.getByRole('heading', { name: 'Assign a partner for Slovakia, Parcel (PRM), all delivery methods' })).toBeTruthy();
    const url = new URL(String(candidateCalls()[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ country: 'SK', product: 'PRM', delivery_method: 'parcel_locker', pickup_address_id: ADDRESS_ID });
  });

  it('sends the delivery method with a new assignment only when the priority box is checked', async () => {
    const { user, choose } = await setup();
    await choose('Country', 'SK');
    await choose('Product', 'PRM');
    await choose('Delivery method', 'parcel_locker');
    await screen.findByText('Slovak Parcel Service');

    await user.click(screen.getByRole('button', { name: 'Choose partner Slovak Parcel Service' }));
    await vi.waitFor(() => expect(assignCalls()).toHaveLength(1));
    const first = new URL(String(assignCalls()[0]![0]), 'http://x');
    expect(first.pathname).toBe(`/api/v1/admin/pickup-address/${ADDRESS_ID}/partner`);
    expect(Object.fromEntries(first.searchParams)).toEqual({ country: 'SK', product: 'PRM', partner_id: '3' });
    expect(await screen.findByText('Partner association added.')).toBeTruthy();

    await user.click(screen.getByLabelText('Delivery method priority'));
    const postOne = screen.getByRole<HTMLButtonElement>('button', { name: 'Choose partner PostOne' });
    await vi.waitFor(() => expect(postOne.disabled).toBe(false));
    await user.click(postOne);
    await vi.waitFor(() => expect(assignCalls()).toHaveLength(2));
    const second = new URL(String(assignCalls()[1]![0]), 'http://x');
    expect(Object.fromEntries(second.searchParams)).toEqual({ country: 'SK', product: 'PRM', partner_id: '1', delivery_method: 'parcel_locker' });
  });

  it('says what it saves: all methods until "Delivery method priority" is ticked, then the one chosen', async () => {
    const { user, choose } = await setup();
    await choose('Country', 'SK');
    await choose('Product', 'PRM');
    await choose('Delivery method', 'home_delivery');
    await screen.findByText('Slovak Parcel Service');
    expect(screen.getByRole('heading', { name: 'Assign a partner for Slovakia, Parcel (PRM), all delivery methods' })).toBeTruthy();

    await user.click(screen.getByLabelText('Delivery method priority'));
    expect(screen.getByRole('heading', { name: 'Assign a partner for Slovakia, Parcel (PRM), Home delivery only' })).toBeTruthy();
  });

  it('shows "All methods" for an assignment saved without a delivery method, the method otherwise', async () => {
    const company = companyFixture();
    const address = company.pickupAddresses[0]!;
    address.preferredPartners = [
      { assignmentId: 'a1', id: 3, partnerName: 'Slovak Parcel Service', product: 'PRM', country: 'SK', deliverMethod: null },
      { assignmentId: 'a2', id: 1, partnerName: 'PostOne', product: 'TRC', country: 'SK', deliverMethod: 'parcel_locker' },
    ];
    fetchMock().mockImplementation(async (input, init) => (String(input).startsWith(`/api/v1/admin/company/${COMPANY_ID}`) ? json(company) : answer(String(input), init)));
    renderInRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PartnerAssignment companyId={COMPANY_ID} addressId={ADDRESS_ID} />
      </QueryClientProvider>,
    );
    const rows = (await screen.findAllByRole('row')).slice(1).map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Slovakia', 'Parcel PRM', 'Slovak Parcel Service', 'All methods'],
      ['Slovakia', 'Tracked letter TRC', 'PostOne', 'Parcel locker'],
    ]);
  });

  it('says so when the address is missing, with a way back', async () => {
    await setup(null);
    expect(screen.getByText('No address data found. Please return to the company page and try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Company/ })).toBeTruthy();
  });
});
