import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { showToast } from '#web/components/ui/toast-store.ts';
import { api } from '#web/lib/api.ts';
import { forgetKeptFiles } from '#web/lib/kept-files.ts';
import { persister } from '#web/lib/query-client.ts';

/**
 * Logout: removes the token and every cached query, ends the server session (or queues that,
 * offline: lib/sign-out-queue.ts), goes to login. What
 * the server has already answered leaves this browser too (offline/unsent-work.ts): on a shared
 * device the next person finds no sent shipments or scans. Unsent work stays for its client.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useLingui();
  return async () => {
    const revoke = await api.signOut();
    queryClient.clear();
    persister.removeClient();
    // The files kept for offline use (manifest PDFs) are client data too.
    void forgetKeptFiles();
    // Not awaited: a send under way (up to its timeout) finishes first, and the user need not wait.
    // Loaded here: its IndexedDB work (Dexie) is not part of the shell's first paint.
    import('#web/offline/unsent-work.ts')
      .then(({ forgetSentWork }) => forgetSentWork())
      .catch((error: unknown) => console.error('The sent history could not be removed', error));
    // Offline the server has not heard of it yet: the device ends the session as soon as it can,
    // and until then never renews it (lib/sign-out-queue.ts).
    if (revoke === 'sent') showToast(t`You have been logged out.`);
    else showToast(t`You have been logged out. The server will be told as soon as the connection returns; until then nobody can continue your session on this device.`, 'info');
    await navigate({ to: '/user/login' });
  };
}
