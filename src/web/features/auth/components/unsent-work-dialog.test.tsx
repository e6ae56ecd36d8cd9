import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '#tests/setup/web/render.tsx';
import { db } from '#web/offline/db.ts';
import { resetScans } from '#tests/setup/web/scan-fixtures.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, storeDraft, storeScan, storeSubmission } from '#tests/setup/web/offline-fixtures.ts';
import { useCheckedSignOut } from '../api/use-checked-sign-out.ts';
import { UnsentWorkDialog } from './unsent-work-dialog.tsx';

const signOut = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../api/use-sign-out.ts', () => ({ useSignOut: () => signOut }));

/** The shell's wiring: the profile menu's Log out and the dialog beside it. */
function Shell({ clientId }: { clientId: string }) {
  const { requestSignOut, dialog } = useCheckedSignOut(clientId);
  return (
    <>
      <button type="button" onClick={requestSignOut}>
        Log out
      </button>
      <UnsentWorkDialog {...dialog} />
    </>
  );
}

beforeEach(async () => {
  signOut.mockClear();
  await resetDb();
  await resetScans();
});


async function submission(clientId: string, state: 'pending' | 'retry' | 'accepted' | 'rejected' = 'pending') {
  const { rowId } = await storeSubmission(clientId);
  await db.outbox.update(rowId, { state });
}

/** The client's drafts as stored (the wizard's list reads them the same way: tests/unit/offline-client-scoping.test.ts). */
const listDrafts = async (clientId: string) => (await db.drafts.toArray()).filter((draft) => draft.clientId === clientId);

/** The dialog, open or not (a closed one is hidden from the accessibility tree). */
const dialog = () => screen.getByRole<HTMLDialogElement>('dialog', { hidden: true });
/** What the open dialog lists as waiting. */
const listed = () => within(screen.getByRole('dialog', { name: 'Log out with unsent work?' })).getAllByRole('listitem').map((item) => item.textContent);

async function logOut(clientId = CLIENT): Promise<UserEvent> {
  render(<Shell clientId={clientId} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Log out' }));
  return user;
}

describe('Log out with unsent work', () => {
  it('logs out at once when nothing waits (sent history and another client’s rows do not count)', async () => {
    await submission(CLIENT, 'accepted');
    await submission(OTHER_CLIENT, 'pending');
    await storeScan(OTHER_CLIENT, 'ARRIVED', ['CP000000015SK']);
    await logOut();

    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    expect(dialog().open).toBe(false);
  });

  it('names what waits and keeps the client signed in by default', async () => {
    await submission(CLIENT, 'pending');
    await submission(CLIENT, 'retry');
    await submission(CLIENT, 'rejected');
    await storeScan(CLIENT, 'ARRIVED', ['CP000000015SK']);
    await logOut();

    await eventually(() => expect(dialog().open).toBe(true));
    const box = screen.getByRole('dialog', { name: 'Log out with unsent work?' });
    expect(listed()).toEqual([
      '2 shipments are waiting to be sent.',
      '1 shipment was refused and waits for your correction.',
      '1 scan is waiting to be sent.',
    ]);
    expect(within(box).getByText(/^Waiting shipments and scans and refused shipments stay in this browser, where only you will see them when you log in here again\./)).toBeTruthy();
    // No drafts: nothing to choose.
    expect(within(box).queryByRole('radio')).toBeNull();
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Stay logged in' }));
    expect(signOut).not.toHaveBeenCalled();
  });

  it('stays signed in with Stay logged in, and with Escape', async () => {
    await storeScan(CLIENT, 'SENT', ['CP000000015SK', 'CP000000029SK']);
    const user = await logOut();
    await eventually(() => expect(dialog().open).toBe(true));
    expect(listed()).toEqual(['1 scan is waiting to be sent.']);

    await user.click(within(dialog()).getByRole('button', { name: 'Stay logged in' }));
    expect(dialog().open).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await eventually(() => expect(dialog().open).toBe(true));
    // The browser turns Escape on a modal dialog into its cancel event (happy-dom does not).
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await eventually(() => expect(dialog().open).toBe(false));

    expect(signOut).not.toHaveBeenCalled();
    expect(await db.scans.count()).toBe(1);
  });

  it('logs out with Log out anyway, leaving the unsent work where it was', async () => {
    await submission(CLIENT, 'pending');
    const user = await logOut();
    await eventually(() => expect(dialog().open).toBe(true));

    // The dialog closes once the logout's promise settles.
    await user.click(within(dialog()).getByRole('button', { name: 'Log out anyway' }));

    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    await eventually(() => expect(dialog().open).toBe(false));
    expect(await db.outbox.count()).toBe(1);
  });

  it('offline, says that logging out still holds: the server is told when the connection returns', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await submission(CLIENT, 'pending');
      await logOut();
      await eventually(() => expect(dialog().open).toBe(true));
      expect(within(dialog()).getByText(/You are offline\. Logging out still works/)).toBeTruthy();
    } finally {
      onLine.mockRestore();
    }
  });

  it('online, says nothing about the connection', async () => {
    await submission(CLIENT, 'pending');
    await logOut();
    await eventually(() => expect(dialog().open).toBe(true));
    expect(within(dialog()).queryByText(/You are offline/)).toBeNull();
  });

  it('online with only a draft, asks (issue 32: it logged out without a word) and keeps the draft by default', async () => {
    await storeDraft(CLIENT, { country: 'SK' });
    const user = await logOut();
    await eventually(() => expect(dialog().open).toBe(true));

    expect(signOut).not.toHaveBeenCalled();
    expect(listed()).toEqual(['1 draft of a shipment is not finished.']);
    const box = within(dialog());
    expect(box.queryByText(/^Waiting shipments/)).toBeNull();
    expect(box.getByRole<HTMLInputElement>('radio', { name: /^Keep 1 draft for next time on this device/ }).checked).toBe(true);
    expect(box.getByRole<HTMLInputElement>('radio', { name: 'Delete it now' }).checked).toBe(false);

    await user.click(box.getByRole('button', { name: 'Log out anyway' }));
    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    expect(await listDrafts(CLIENT)).toHaveLength(1);
  });

  it('kept drafts are sealed to their client: another client signing in on this device sees none and is not asked about them', async () => {
    await storeDraft(CLIENT, { country: 'SK' });
    await storeDraft(CLIENT, { country: 'CZ' });
    const user = await logOut();
    await eventually(() => expect(dialog().open).toBe(true));
    expect(listed()).toEqual(['2 drafts of shipments are not finished.']);
    await user.click(within(dialog()).getByRole('radio', { name: /^Keep 2 drafts for next time on this device/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Log out anyway' }));
    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    cleanup();

    // The next person on this device.
    expect(await listDrafts(OTHER_CLIENT)).toEqual([]);
    await logOut(OTHER_CLIENT);
    await eventually(() => expect(signOut).toHaveBeenCalledTimes(2));
    expect(dialog().open).toBe(false);
    // Back for the first client.
    expect(await listDrafts(CLIENT)).toHaveLength(2);
  });

  it('Delete them now deletes this client’s drafts and nothing else before logging out', async () => {
    await storeDraft(CLIENT, { country: 'SK' });
    await storeDraft(CLIENT, { country: 'CZ' });
    await submission(CLIENT, 'pending');
    const theirs = await storeDraft(OTHER_CLIENT, { country: 'HU' });
    const user = await logOut();
    await eventually(() => expect(dialog().open).toBe(true));
    expect(listed()).toEqual(['1 shipment is waiting to be sent.', '2 drafts of shipments are not finished.']);

    await user.click(within(dialog()).getByRole('radio', { name: 'Delete them now' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Log out anyway' }));

    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    expect(await listDrafts(CLIENT)).toEqual([expect.objectContaining({ status: 'submitted' })]);
    expect((await listDrafts(OTHER_CLIENT)).map((draft) => draft.id)).toEqual([theirs]);
    expect(await db.outbox.count()).toBe(1);
  });

  it('starts from keeping the drafts each time it opens', async () => {
    await storeDraft(CLIENT, { country: 'SK' });
    const user = await logOut();
    await eventually(() => expect(dialog().open).toBe(true));
    await user.click(within(dialog()).getByRole('radio', { name: 'Delete it now' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Stay logged in' }));

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await eventually(() => expect(dialog().open).toBe(true));
    expect(within(dialog()).getByRole<HTMLInputElement>('radio', { name: /^Keep 1 draft/ }).checked).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
    expect(await listDrafts(CLIENT)).toHaveLength(1);
  });
});
