import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { ClientPanel } from './client-panel.tsx';
import { CLIENT_UUID, COMPANY_ID, companyFixture } from '#tests/setup/web/company-fixtures.ts';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
  vi.restoreAllMocks();
});

const SECRET = 'k7Qw-93hT-xY2p-LmN8';
const newClient = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', clientId: 'sklad', name: 'Sklad', email: 'sklad@zahrada.sk', phone: '', role: 'OFFICER', enabled: true, pickupAddressIds: [] };

function setup() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClientPanel company={companyFixture()} />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

/** The dialogs a user sees (a closed one is out of the accessibility tree). */
const openDialogs = () => screen.queryAllByRole('dialog');

describe('the generated client secret', () => {
  it('is shown once after "Add client", with a copy button and a warning, and is gone when closed', async () => {
    const user = setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Add client' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add client' }));
    await user.type(dialog.getByLabelText('Client ID (sign-in name)'), 'sklad');
    await user.type(dialog.getByLabelText('Name'), 'Sklad');
    await user.type(dialog.getByLabelText('Email'), 'sklad@zahrada.sk');
    await user.selectOptions(dialog.getByLabelText('Role'), 'OFFICER');
    // The new client is role USER unless chosen, never ADMIN.
    expect(dialog.getAllByRole<HTMLOptionElement>('option').map((o) => o.value)).toEqual(['USER', 'OFFICER', 'REPORTER']);

    fetchMock().mockResolvedValueOnce(json({ client: newClient, secret: SECRET, message: 'Client created.' }, 201));
    fetchMock().mockResolvedValue(json(companyFixture()));
    await user.click(dialog.getByRole('button', { name: 'Add client' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Client secret of sklad' });
    const [call] = fetchMock().mock.calls;
    expect(String(call![0])).toBe('/api/v1/admin/client/register');
    expect(JSON.parse(String(call![1]?.body))).toEqual({
      client: { clientId: 'sklad', name: 'Sklad', email: 'sklad@zahrada.sk', phone: '', role: 'OFFICER' },
      pickup_address: [],
      company: COMPANY_ID,
    });

    expect(within(secretDialog).getByRole('alert').textContent).toContain('It will not be shown again');
    expect(within(secretDialog).getByLabelText<HTMLInputElement>('Client secret').value).toBe(SECRET);
    expect(screen.getByText(/Client created/)).toBeTruthy();
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy the secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(secretDialog).getByRole('button', { name: 'Copied' })).toBeTruthy();

    // Copied: Close closes without asking.
    await user.click(within(secretDialog).getByRole('button', { name: 'Close' }));
    expect(openDialogs()).toHaveLength(0);
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('is shown once more after a confirmed "Reset secret"', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Reset secret of zahrada' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset the secret of zahrada?' });
    fetchMock().mockResolvedValueOnce(json({ client: companyFixture().clients[0], secret: 'NEW-SECRET-1234', message: 'A new secret was generated.' }));
    fetchMock().mockResolvedValue(json(companyFixture()));
    await user.click(within(confirm).getByRole('button', { name: 'Reset secret' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Client secret of zahrada' });
    expect(within(secretDialog).getByLabelText<HTMLInputElement>('Client secret').value).toBe('NEW-SECRET-1234');
    expect(String(fetchMock().mock.calls[0]![0])).toBe(`/api/v1/admin/client/${CLIENT_UUID}/reset-secret`);
  });

  it('says before saving that a role change signs the client out', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Edit zahrada' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit client' });
    const notice = /Changing the role signs the client out on every device/;
    expect(within(dialog).queryByText(notice)).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'REPORTER');
    expect(within(dialog).getByText(notice)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'USER');
    expect(within(dialog).queryByText(notice)).toBeNull();
  });

  it('offers no enable/disable toggle for ADMIN clients', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ClientPanel company={companyFixture({ clients: [{ ...companyFixture().clients[0]!, role: 'ADMIN', clientId: 'boss' }] })} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('boss')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable boss' })).toBeNull();
  });
});
