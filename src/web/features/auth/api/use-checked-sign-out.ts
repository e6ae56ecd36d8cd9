import { useState } from 'react';
import type { UnsentWork } from '#web/offline/unsent-work.ts';
import { useSignOut } from './use-sign-out.ts';

/**
 * Logout that first looks for the client's unsent work (submissions and scans not yet answered,
 * refused submissions not yet corrected). With none it logs out at once; otherwise `dialog` opens
 * (UnsentWorkDialog) naming what waits, to stay or to log out anyway. Nothing unsent is ever
 * deleted: it waits in this browser for its client's next login.
 */
export function useCheckedSignOut(clientId: string | null | undefined) {
  const signOut = useSignOut();
  const [work, setWork] = useState<UnsentWork | null>(null);
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setBusy(false);
      setWork(null);
    }
  };

  const request = async () => {
    let found: UnsentWork | null = null;
    try {
      // Loaded when asked: its IndexedDB reads (Dexie) are not part of the shell's first paint.
      const { hasUnsentWork, unsentWork } = await import('#web/offline/unsent-work.ts');
      found = clientId ? await unsentWork(clientId) : null;
      if (found && !hasUnsentWork(found)) found = null;
    } catch (error) {
      // IndexedDB unreadable: nothing can be counted (and nothing is deleted); the user asked to go.
      console.error('The unsent work could not be read', error);
    }
    if (found) setWork(found);
    else await leave();
  };

  return {
    /** For the profile menu's Log out. */
    requestSignOut: () => void request(),
    /** UnsentWorkDialog's props. */
    dialog: { work, busy, onConfirm: () => void leave(), onCancel: () => setWork(null) },
  };
}
