import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../../components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '../../../components/ui/toaster.tsx';
import { jsonResponse as json, stubFetchPerTest } from '../../../../../tests/setup/web/fetch-mock.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { buttonNamed, click } from '../../../../../tests/setup/web/dom-helpers.ts';
import { PartnerKeys } from './partner-keys.tsx';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

const fetchMock = stubFetchPerTest();
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  act(() => dismissToast());
});

const SECRET = 'sk_live_Qw93hTxY2pLmN8';
const oldKey = { id: 'pk_old', created_at: '2024-01-02T10:00:00Z', revoked_at: null };

async function setup() {
  fetchMock().mockResolvedValueOnce(json([oldKey]));
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PartnerKeys partnerId={3} partnerName="SPS" />
      <Toaster />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  await vi.waitFor(() => expect(view.container.textContent).toContain('pk_old'));
  return view.container;
}

const openDialogs = () => [...document.querySelectorAll('dialog')].filter((d) => d.open);

describe('the feed keys', () => {
  it('shows a new key\'s secret once, with a copy button and a warning', async () => {
    const container = await setup();
    fetchMock().mockResolvedValueOnce(json({ id: 'pk_new', secret: SECRET, created_at: '2024-02-01T10:00:00Z' }, 201));
    fetchMock().mockResolvedValue(json([oldKey, { id: 'pk_new', created_at: '2024-02-01T10:00:00Z', revoked_at: null }]));
    click(buttonNamed(container, 'New key'));

    await vi.waitFor(() => expect(openDialogs()).toHaveLength(1));
    const dialog = openDialogs()[0]!;
    expect(String(fetchMock().mock.calls[1]![0])).toContain('/api/v1/admin/partners/3/keys');
    expect(fetchMock().mock.calls[1]![1]?.method).toBe('POST');
    expect(dialog.textContent).toContain('It will not be shown again');
    expect([...dialog.querySelectorAll('input')].map((i) => i.value)).toContain(SECRET);
    expect(buttonNamed(dialog, 'Copy the secret')).toBeTruthy();

    click(buttonNamed(dialog, 'I have copied it'));
    expect(openDialogs()).toHaveLength(0);
    await vi.waitFor(() => expect(container.textContent).toContain('pk_new'));
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('revokes a key after confirmation', async () => {
    const container = await setup();
    click(buttonNamed(container, 'Revoke key pk_old'));
    const dialog = openDialogs()[0]!;
    expect(fetchMock()).toHaveBeenCalledTimes(1);
    fetchMock().mockResolvedValueOnce(json({ ...oldKey, revoked_at: '2024-03-01T10:00:00Z' }));
    fetchMock().mockResolvedValue(json([{ ...oldKey, revoked_at: '2024-03-01T10:00:00Z' }]));
    click(buttonNamed(dialog, 'Revoke'));
    await vi.waitFor(() => expect(fetchMock().mock.calls[1]![1]?.method).toBe('DELETE'));
    expect(String(fetchMock().mock.calls[1]![0])).toContain('/api/v1/admin/partners/3/keys/pk_old');
    await vi.waitFor(() => expect(document.body.textContent).toContain('Key pk_old revoked.'));
  });
});
