// The signed-in client's profile (GET /api/v1/profile): the settings page shows and edits it, the
// wizard starts the label's sender name as its company's name, labels print on its company's
// printer (issue 33). One query key for all; kept for offline use like the pickup addresses (the
// persisted cache is removed at sign-out and session end).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileEndpoint } from '#shared/contract/profile.ts';
import { api } from '#web/lib/api.ts';

export const accountKeys = {
  profile: () => ['account', 'profile'] as const,
};

export function profileQueryOptions() {
  return queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => api.call(profileEndpoint, { signal }), meta: { persist: true } });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
