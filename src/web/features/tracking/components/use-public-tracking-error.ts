import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError } from '#web/lib/api-error.ts';

export type PublicTrackingErrorKind = 'not-found' | 'rate-limited' | 'postcode-limited' | 'offline' | 'other';

export function publicTrackingErrorKind(error: unknown): PublicTrackingErrorKind {
  if (!(error instanceof ApiError)) return 'other';
  if (error.isOffline) return 'offline';
  if (error.status === 404) return 'not-found';
  // Too many wrong postal codes for this parcel: the server names the postal code field.
  if (error.status === 429 && ('zip' in error.fields || 'destination_zip' in error.fields)) return 'postcode-limited';
  if (error.status === 429) return 'rate-limited';
  return 'other';
}

/** What the public page says when a lookup fails: not found, too many lookups, offline, or the server's text. */
export function usePublicTrackingErrorText(): (error: unknown) => { kind: PublicTrackingErrorKind; title: string; hint: string | null } {
  const { t } = useLingui();
  return useCallback(
    (error: unknown) => {
      const kind = publicTrackingErrorKind(error);
      switch (kind) {
        case 'not-found':
          return { kind, title: t`Shipment not found`, hint: t`Check the tracking number. If you entered a postal code, it must be the destination's.` };
        case 'rate-limited':
          return { kind, title: t`Too many lookups in a short time.`, hint: t`Wait a minute, then try again.` };
        case 'postcode-limited':
          return { kind, title: t`Too many wrong postal codes for this parcel.`, hint: t`Try again later. Without the postal code, you can still see the parcel’s status.` };
        case 'offline':
          return { kind, title: t`You are offline.`, hint: t`The lookup runs again by itself when the connection is back.` };
        default: {
          const text = error instanceof ApiError ? error.body?.message || error.message : error instanceof Error ? error.message : String(error);
          return { kind, title: text, hint: null };
        }
      }
    },
    [t],
  );
}
