import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { BankAccountForm } from './bank-account-form.tsx';
import { byLabel, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { formatIban } from './iban.ts';
import { COMPANY_ID } from '../../../../../tests/setup/web/company-fixtures.ts';

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
});

function setup() {
  const onDone = vi.fn();
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BankAccountForm companyId={COMPANY_ID} onDone={onDone} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  const form = view.container.querySelector('form')!;
  return { form, onDone, submit: () => act(async () => form.requestSubmit()) };
}

describe('the IBAN form', () => {
  it('refuses an IBAN with wrong check digits in the browser', async () => {
    const { form, submit } = setup();
    // The shape is right (the contract's pattern passes); the mod-97 check digits are not.
    type(byLabel(form, 'IBAN'), 'SK31 1200 0000 1987 4263 7542');
    type(byLabel(form, 'SWIFT/BIC'), 'TATRSKBX');
    await submit();
    await vi.waitFor(() => expect(form.textContent).toContain('admin.iban.invalid'));
    expect(byLabel(form, 'IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('refuses a malformed SWIFT/BIC in the browser', async () => {
    const { form, submit } = setup();
    type(byLabel(form, 'IBAN'), 'SK3112000000198742637541');
    type(byLabel(form, 'SWIFT/BIC'), 'TATR1');
    await submit();
    await vi.waitFor(() => expect(form.textContent).toContain('admin.swift.invalid'));
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('sends a valid IBAN without spaces, upper-cased', async () => {
    const { form, submit, onDone } = setup();
    fetchMock().mockResolvedValueOnce(json({ id: '5f0e0d1c-2b3a-4c5d-8e7f-9a0b1c2d3e4f', country: 'SK', iban: 'SK3112000000198742637541', swift: 'TATRSKBX', bulkPaymentMode: true }));
    type(byLabel(form, 'IBAN'), 'sk31 1200 0000 1987 4263 7541');
    type(byLabel(form, 'SWIFT/BIC'), 'tatrskbx');
    act(() => byLabel(form, 'Bulk payment mode').click());
    await submit();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(String(url)).toBe(`/api/v1/admin/company/${COMPANY_ID}/bank-account`);
    expect(JSON.parse(String(init?.body))).toEqual({ iban: 'SK3112000000198742637541', swift: 'TATRSKBX', bulkPaymentMode: true });
  });

  it('formats an IBAN in groups of four', () => {
    expect(formatIban('SK3112000000198742637541')).toBe('SK31 1200 0000 1987 4263 7541');
  });
});
