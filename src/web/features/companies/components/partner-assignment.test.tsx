import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '../../../components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { renderInRouter } from '../../../../../tests/setup/web/render.tsx';
import { buttonNamed, byLabel, choose, click } from '../../../../../tests/setup/web/dom-helpers.ts';
import { PartnerAssignment } from './partner-assignment.tsx';
import { ADDRESS_ID, COMPANY_ID, companyFixture } from '../../../../../tests/setup/web/company-fixtures.ts';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
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
  const view = renderInRouter(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PartnerAssignment companyId={COMPANY_ID} addressId={addressId} />
      <Toaster />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await act(async () => {
    await vi.waitFor(() => expect(view.container.querySelector('h1')).not.toBeNull());
    await vi.waitFor(() => expect(view.container.querySelector('[aria-busy="true"]')).toBeNull());
  });
  return view.container;
}

const candidateCalls = () => fetchMock().mock.calls.filter(([url]) => String(url).startsWith('/api/v1/admin/partner'));
const assignCalls = () => fetchMock().mock.calls.filter(([url, init]) => String(url).includes('/partner?') && init?.method === 'POST');

describe('the partner assignment page', () => {
  it('shows the address and asks for candidates only when country, product and method are all chosen', async () => {
    const container = await setup();
    expect(container.textContent).toContain('Mlynské nivy 5, Bratislava, 82109');
    choose(byLabel<HTMLSelectElement>(container, 'Country'), 'SK');
    choose(byLabel<HTMLSelectElement>(container, 'Product'), 'PRM');
    await act(async () => {});
    expect(candidateCalls()).toHaveLength(0);
    expect(container.textContent).not.toContain('Assign a partner for');

    choose(byLabel<HTMLSelectElement>(container, 'Delivery method'), 'parcel_locker');
    await vi.waitFor(() => expect(container.textContent).toContain('Slovak Parcel Service'));
    expect(container.textContent).toContain('Assign a partner for Slovakia, PRM, Parcel locker');
    const url = new URL(String(candidateCalls()[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ country: 'SK', product: 'PRM', delivery_method: 'parcel_locker', pickup_address_id: ADDRESS_ID });
  });

  it('sends the delivery method with a new assignment only when the priority box is checked', async () => {
    const container = await setup();
    choose(byLabel<HTMLSelectElement>(container, 'Country'), 'SK');
    choose(byLabel<HTMLSelectElement>(container, 'Product'), 'PRM');
    choose(byLabel<HTMLSelectElement>(container, 'Delivery method'), 'parcel_locker');
    await vi.waitFor(() => expect(container.textContent).toContain('Slovak Parcel Service'));

    await act(async () => buttonNamed(container, 'Choose partner Slovak Parcel Service').click());
    await vi.waitFor(() => expect(assignCalls()).toHaveLength(1));
    const first = new URL(String(assignCalls()[0]![0]), 'http://x');
    expect(first.pathname).toBe(`/api/v1/admin/pickup-address/${ADDRESS_ID}/partner`);
    expect(Object.fromEntries(first.searchParams)).toEqual({ country: 'SK', product: 'PRM', partner_id: '3' });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Partner association added.'));

    click(byLabel(container, 'Delivery method priority'));
    await vi.waitFor(() => expect(buttonNamed(container, 'Choose partner PostOne').disabled).toBe(false));
    await act(async () => buttonNamed(container, 'Choose partner PostOne').click());
    await vi.waitFor(() => expect(assignCalls()).toHaveLength(2));
    const second = new URL(String(assignCalls()[1]![0]), 'http://x');
    expect(Object.fromEntries(second.searchParams)).toEqual({ country: 'SK', product: 'PRM', partner_id: '1', delivery_method: 'parcel_locker' });
  });

  it('says so when the address is missing, with a way back', async () => {
    const container = await setup(null);
    expect(container.textContent).toContain('No address data found. Please return to the company page and try again.');
    expect(container.textContent).toContain('Back to Company');
  });
});
