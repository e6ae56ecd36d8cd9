// Issue 31: a pickup address's postal code and phone follow the recipient's rules in the form
// (the shared address rules), before the server is called; what is sent is normalised as stored
// (ZIP "949 01", phone E.164).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { companyFixture } from '#tests/setup/web/company-fixtures.ts';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { PickupAddressForm } from './pickup-address-form.tsx';

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

/** The bodies the form saved. */
function saves(): Array<Record<string, unknown>> {
  return fetchMock()
    .mock.calls.filter(([url, init]) => String(url).endsWith('/pickup-address') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function setup() {
  const onDone = vi.fn();
  const company = companyFixture();
  fetchMock().mockImplementation(async (input) => (String(input).includes('/pickup-address') ? json(company.pickupAddresses[0]) : json([])));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PickupAddressForm company={company} onDone={onDone} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup({ delay: null });
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  const errorOf = (label: string) => {
    const input = field(label);
    return input.getAttribute('aria-invalid') === 'true' ? (document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '') : '';
  };
  const fill = async (zip: string, phone: string) => {
    await user.type(field('Contact person'), 'Eva Malá');
    await user.type(field('Street'), 'Nábrežná 7');
    await user.type(field('ZIP'), zip);
    await user.type(field('City'), 'Nitra');
    await user.selectOptions(field('Country'), 'SK');
    await user.type(field('Email'), 'eva@example.com');
    await user.type(field('Phone'), phone);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  };
  return { fill, errorOf, onDone };
}

describe('the pickup-address form checks the address like a recipient’s', () => {
  it('refuses a Slovak ZIP "ABC" and a phone with letters on their fields, and saves nothing', async () => {
    const { fill, errorOf } = setup();
    await fill('ABC', '0905 ABC 456');
    await vi.waitFor(() => expect(errorOf('ZIP')).toBe(am.zipInvalid.id));
    expect(errorOf('Phone')).toBe(am.phoneInvalid.id);
    expect(saves()).toEqual([]);
  });

  it('sends ZIP 94901 as "949 01" and phone 0905 123 456 as +421905123456', async () => {
    const { fill, onDone } = setup();
    await fill('94901', '0905 123 456');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(saves()[0]).toMatchObject({ pickupAddress: { zip: '949 01', phone: '+421905123456', country: 'SK' } });
  });
});
