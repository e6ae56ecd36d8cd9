import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { showToast } from '../../../components/ui/toast-store.ts';
import { api } from '../../../lib/api.ts';
import { persister } from '../../../lib/query-client.ts';

/** Logout: removes the token and every cached query, ends the server session, goes to login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useLingui();
  return async () => {
    await api.signOut();
    queryClient.clear();
    persister.removeClient();
    showToast(t`You have been logged out.`);
    await navigate({ to: '/user/login' });
  };
}
