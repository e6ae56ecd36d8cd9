// The signed-in client's profile (GET /api/v1/profile): the settings page shows and edits it, the
// wizard starts the label's sender name as its company's name. One query key for both.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileEndpoint } from '#shared/contract/profile.ts';
import { api } from '#web/lib/api.ts';

export const accountKeys = {
  profile: () => ['account', 'profile'] as const,
};

export function profileQueryOptions() {
  return queryOptions({ queryKey: accountKeys.profile(), queryFn: ({ signal }) => api.call(profileEndpoint, { signal }) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
