import { useState } from 'react';
import type { UnsentWork } from '#web/offline/unsent-work.ts';
import { useSignOut } from './use-sign-out.ts';

/** What the user chose in the dialog: drafts are kept for the next sign-in on this device unless deleted. */
export interface SignOutChoice {
  deleteDrafts: boolean;
}

/**
 * Logout that first looks for the client's unsent work (submissions and scans not yet answered,
 * refused submissions not yet corrected, drafts being filled in). With none it logs out at once;
 * otherwise `dialog` opens (UnsentWorkDialog) naming what waits, to stay or to log out anyway.
 * Waiting and refused work is never deleted: it waits in this browser for its client's next login.
 * Drafts too, unless the user chooses to delete them now.
 */
export function useCheckedSignOut(clientId: string | null | undefined) {
  const signOut = useSignOut();
  const [work, setWork] = useState<UnsentWork | null>(null);
  const [busy, setBusy] = useState(false);

  const leave = async ({ deleteDrafts }: SignOutChoice = { deleteDrafts: false }) => {
    setBusy(true);
    try {
      if (deleteDrafts && clientId) {
        try {
          const unsent = await import('#web/offline/unsent-work.ts');
          await unsent.deleteDrafts(clientId);
        } catch (error) {
          // Not deleted: they stay sealed to this client (every read is scoped to the signed-in client).
          console.error('The drafts could not be deleted', error);
        }
      }
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
    dialog: { work, busy, onConfirm: (choice: SignOutChoice) => void leave(choice), onCancel: () => setWork(null) },
  };
}
