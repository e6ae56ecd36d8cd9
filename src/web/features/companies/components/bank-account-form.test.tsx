import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { BankAccountForm } from './bank-account-form.tsx';
import { formatIban } from './iban.ts';
import { COMPANY_ID } from '#tests/setup/web/company-fixtures.ts';

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

function setup() {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BankAccountForm companyId={COMPANY_ID} onDone={onDone} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  return { user, onDone, type: (label: string, text: string) => user.type(screen.getByLabelText(label), text), submit: () => user.click(screen.getByRole('button', { name: 'Save' })) };
}

describe('the IBAN form', () => {
  it('refuses an IBAN with wrong check digits in the browser', async () => {
    const { type, submit } = setup();
    // The shape is right (the contract's pattern passes); the mod-97 check digits are not.
    await type('IBAN', 'SK31 1200 0000 1987 4263 7542');
    await type('SWIFT/BIC', 'TATRSKBX');
    await submit();
    expect(await screen.findByText('admin.iban.invalid')).toBeTruthy();
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('refuses a malformed SWIFT/BIC in the browser', async () => {
    const { type, submit } = setup();
    await type('IBAN', 'SK3112000000198742637541');
    await type('SWIFT/BIC', 'TATR1');
    await submit();
    expect(await screen.findByText('admin.swift.invalid')).toBeTruthy();
    expect(fetchMock()).not.toHaveBeenCalled();
  });

  it('sends a valid IBAN without spaces, upper-cased', async () => {
    const { user, type, submit, onDone } = setup();
    fetchMock().mockResolvedValueOnce(json({ id: '5f0e0d1c-2b3a-4c5d-8e7f-9a0b1c2d3e4f', country: 'SK', iban: 'SK3112000000198742637541', swift: 'TATRSKBX', bulkPaymentMode: true }));
    await type('IBAN', 'sk31 1200 0000 1987 4263 7541');
    await type('SWIFT/BIC', 'tatrskbx');
    await user.click(screen.getByLabelText('Bulk payment mode'));
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
