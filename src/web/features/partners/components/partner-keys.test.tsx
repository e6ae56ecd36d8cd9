import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '#tests/setup/web/fetch-mock.ts';
import { render } from '#tests/setup/web/render.tsx';
import { PartnerKeys } from './partner-keys.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
afterEach(() => {
  act(() => dismissToast());
});

const SECRET = 'sk_live_Qw93hTxY2pLmN8';
const oldKey = { id: 'pk_old', created_at: '2024-01-02T10:00:00Z', revoked_at: null };

async function setup() {
  fetchMock().mockResolvedValueOnce(json([oldKey]));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PartnerKeys partnerId={3} partnerName="SPS" />
      <Toaster />
    </QueryClientProvider>,
  );
  await screen.findByText('pk_old');
  return userEvent.setup();
}

/** The dialogs a user sees (a closed one is out of the accessibility tree). */
const openDialogs = () => screen.queryAllByRole('dialog');

describe('the feed keys', () => {
  it('shows a new key\'s secret once, with a copy button and a warning', async () => {
    const user = await setup();
    fetchMock().mockResolvedValueOnce(json({ id: 'pk_new', secret: SECRET, created_at: '2024-02-01T10:00:00Z' }, 201));
    fetchMock().mockResolvedValue(json([oldKey, { id: 'pk_new', created_at: '2024-02-01T10:00:00Z', revoked_at: null }]));
    await user.click(screen.getByRole('button', { name: 'New key' }));

    await vi.waitFor(() => expect(openDialogs()).toHaveLength(1));
    const dialog = openDialogs()[0]!;
    expect(String(fetchMock().mock.calls[1]![0])).toContain('/api/v1/admin/partners/3/keys');
    expect(fetchMock().mock.calls[1]![1]?.method).toBe('POST');
    expect(dialog.textContent).toContain('It will not be shown again');
    expect(within(dialog).getByDisplayValue(SECRET)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();

    // Escape does not lose the secret: it asks first (issue 31).
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('group', { name: 'Have you copied the secret?' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No, back to the secret' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(openDialogs()).toHaveLength(0);
    expect(await screen.findByText('pk_new')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('revokes a key after confirmation', async () => {
    const user = await setup();
    await user.click(screen.getByRole('button', { name: 'Revoke key pk_old' }));
    const dialog = screen.getByRole('dialog');
    expect(fetchMock()).toHaveBeenCalledTimes(1);
    fetchMock().mockResolvedValueOnce(json({ ...oldKey, revoked_at: '2024-03-01T10:00:00Z' }));
    fetchMock().mockResolvedValue(json([{ ...oldKey, revoked_at: '2024-03-01T10:00:00Z' }]));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(fetchMock().mock.calls[1]![1]?.method).toBe('DELETE'));
    expect(String(fetchMock().mock.calls[1]![0])).toContain('/api/v1/admin/partners/3/keys/pk_old');
    expect(await screen.findByText('Key pk_old revoked.')).toBeTruthy();
  });
});
