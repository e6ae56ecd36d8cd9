import { useCallback, useState } from 'react';

const key = (clientId: string) => `scan-draft:${clientId}`;

function read(clientId: string): string {
  try {
    return localStorage.getItem(key(clientId)) ?? '';
  } catch {
    return '';
  }
}

/**
 * The scan field's text, kept in localStorage per client: ids scanned but not yet queued survive
 * a reload or a closed tab too.
 */
export function useScanDraft(clientId: string): [string, (update: string | ((previous: string) => string)) => void] {
  const [text, setTextState] = useState(() => read(clientId));
  const setText = useCallback(
    (update: string | ((previous: string) => string)) => {
      setTextState((previous) => {
        const next = typeof update === 'function' ? update(previous) : update;
        try {
          if (next) localStorage.setItem(key(clientId), next);
          else localStorage.removeItem(key(clientId));
        } catch {
          // Storage full or blocked: the text stays on the page.
        }
        return next;
      });
    },
    [clientId],
  );
  return [text, setText];
}
