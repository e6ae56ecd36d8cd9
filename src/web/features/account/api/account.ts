import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeSecretEndpoint, profileUpdateEndpoint, type ChangeSecret, type ProfileUpdate } from '#shared/contract/profile.ts';
import { api } from '#web/lib/api.ts';
import { accountKeys } from '#web/lib/profile.ts';

// The profile's query lives in lib/ (the wizard reads the company's name too).
export { accountKeys, profileQueryOptions, useProfile } from '#web/lib/profile.ts';

/** Saves name, email and phone; then renews the session so the header shows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.call(profileUpdateEndpoint, { body: update }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(accountKeys.profile(), profile);
      await api.refreshSession();
    },
  });
}

/** The answer sets this browser's new refresh cookie; every other session of the client ends. */
export function useChangeSecret() {
  return useMutation({ mutationFn: (change: ChangeSecret) => api.call(changeSecretEndpoint, { body: change }) });
}
