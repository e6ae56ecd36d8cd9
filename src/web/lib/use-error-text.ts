import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError } from './api-error.ts';

/**
 * The text a failed action shows (spec section 8: the server's text): offline, a notice; an API
 * error, the server's message (it names what was refused, where the field errors hold only the raw
 * item numbers); anything else, its own message. `offlineText` replaces the generic notice.
 */
export function useErrorText(offlineText?: string): (error: unknown) => string {
  const { t } = useLingui();
  const offline = offlineText ?? t`You are offline. Try again when the connection is back.`;
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) return error.isOffline ? offline : error.body?.message || error.message;
      return error instanceof Error ? error.message : String(error);
    },
    [offline],
  );
}
