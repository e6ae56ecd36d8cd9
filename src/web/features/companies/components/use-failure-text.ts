import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { useErrorText } from '#web/lib/use-error-text.ts';

/** The server's message of a failed action, translated when it is a message id (spec section 8). */
export function useFailureText(): (error: unknown) => string {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  return useCallback((error: unknown) => i18n._(errorText(error)), [errorText, i18n]);
}
