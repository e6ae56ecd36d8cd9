import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '../../../components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { ClientPanel } from './client-panel.tsx';
import { buttonNamed, byLabel, click, type } from '../../../../../tests/setup/web/dom-helpers.ts';
import { CLIENT_UUID, COMPANY_ID, companyFixture } from '../../../../../tests/setup/web/company-fixtures.ts';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
  vi.restoreAllMocks();
});

const SECRET = 'k7Qw-93hT-xY2p-LmN8';
const newClient = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', clientId: 'sklad', name: 'Sklad', email: 'sklad@zahrada.sk', phone: '', role: 'OFFICER', enabled: true, pickupAddressIds: [] };

function setup() {
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClientPanel company={companyFixture()} />
      <Toaster />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  return view.container;
}

const openDialogs = () => [...document.querySelectorAll('dialog')].filter((d) => d.open);

describe('the generated client secret', () => {
  it('is shown once after "Add client", with a copy button and a warning, and is gone when closed', async () => {
    const container = setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    click(buttonNamed(container, 'Add client'));
    const [dialog] = openDialogs();
    type(byLabel(dialog!, 'Client ID (sign-in name)'), 'sklad');
    type(byLabel(dialog!, 'Name'), 'Sklad');
    type(byLabel(dialog!, 'Email'), 'sklad@zahrada.sk');
    act(() => {
      const role = byLabel<HTMLSelectElement>(dialog!, 'Role');
      role.value = 'OFFICER';
      role.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // The new client is role USER unless chosen, never ADMIN.
    expect([...byLabel<HTMLSelectElement>(dialog!, 'Role').options].map((o) => o.value)).toEqual(['USER', 'OFFICER', 'REPORTER']);

    fetchMock().mockResolvedValueOnce(json({ client: newClient, secret: SECRET, message: 'Client created.' }, 201));
    fetchMock().mockResolvedValue(json(companyFixture()));
    await act(async () => dialog!.querySelector('form')!.requestSubmit());

    await vi.waitFor(() => expect(openDialogs().some((d) => d.textContent?.includes('will not be shown again'))).toBe(true));
    const [call] = fetchMock().mock.calls;
    expect(String(call![0])).toBe('/api/v1/admin/client/register');
    expect(JSON.parse(String(call![1]?.body))).toEqual({
      client: { clientId: 'sklad', name: 'Sklad', email: 'sklad@zahrada.sk', phone: '', role: 'OFFICER' },
      pickup_address: [],
      company: COMPANY_ID,
    });

    const secretDialog = openDialogs().find((d) => d.textContent?.includes('will not be shown again'))!;
    expect(byLabel(secretDialog, 'Client secret').value).toBe(SECRET);
    expect(document.body.textContent).toContain('Client created');
    await act(async () => buttonNamed(secretDialog, 'Copy the secret').click());
    expect(writeText).toHaveBeenCalledWith(SECRET);

    click(buttonNamed(secretDialog, 'I have copied it'));
    expect(openDialogs()).toHaveLength(0);
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('is shown once more after a confirmed "Reset secret"', async () => {
    const container = setup();
    click(buttonNamed(container, 'Reset secret of zahrada'));
    const [confirm] = openDialogs();
    expect(confirm!.textContent).toContain('Reset the secret of zahrada?');
    fetchMock().mockResolvedValueOnce(json({ client: companyFixture().clients[0], secret: 'NEW-SECRET-1234', message: 'A new secret was generated.' }));
    fetchMock().mockResolvedValue(json(companyFixture()));
    await act(async () => buttonNamed(confirm!, 'Reset secret').click());
    await vi.waitFor(() => expect(openDialogs().some((d) => d.querySelector('input')?.value === 'NEW-SECRET-1234')).toBe(true));
    expect(String(fetchMock().mock.calls[0]![0])).toBe(`/api/v1/admin/client/${CLIENT_UUID}/reset-secret`);
  });

  it('offers no enable/disable toggle for ADMIN clients', () => {
    cleanup = render(
      <QueryClientProvider client={new QueryClient()}>
        <ClientPanel company={companyFixture({ clients: [{ ...companyFixture().clients[0]!, role: 'ADMIN', clientId: 'boss' }] })} />
      </QueryClientProvider>,
    ).unmount;
    expect(() => buttonNamed(document.body, 'Disable boss')).toThrow();
  });
});
