import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click } from '../../../../../tests/setup/web/dom-helpers.ts';
import { render } from '../../../../../tests/setup/web/render.tsx';
import { db } from '../../../offline/db.ts';
import { resetScans } from '../../../../../tests/setup/web/scan-fixtures.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, storeScan, storeSubmission } from '../../../../../tests/setup/web/offline-fixtures.ts';
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

let view: ReturnType<typeof render> | null = null;

beforeEach(async () => {
  signOut.mockClear();
  await resetDb();
  await resetScans();
});

afterEach(() => {
  view?.unmount();
  view = null;
});

async function submission(clientId: string, state: 'pending' | 'retry' | 'accepted' | 'rejected' = 'pending') {
  const { rowId } = await storeSubmission(clientId);
  await db.outbox.update(rowId, { state });
}

const dialog = () => view?.container.querySelector('dialog') ?? null;

function logOut() {
  view = render(<Shell clientId={CLIENT} />);
  click(buttonNamed(view.container, 'Log out'));
}

describe('Log out with unsent work', () => {
  it('logs out at once when nothing waits (sent history and another client’s rows do not count)', async () => {
    await submission(CLIENT, 'accepted');
    await submission(OTHER_CLIENT, 'pending');
    await storeScan(OTHER_CLIENT, 'ARRIVED', ['CP000000015SK']);
    logOut();

    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    expect(dialog()?.open).toBe(false);
  });

  it('names what waits and keeps the client signed in by default', async () => {
    await submission(CLIENT, 'pending');
    await submission(CLIENT, 'retry');
    await submission(CLIENT, 'rejected');
    await storeScan(CLIENT, 'ARRIVED', ['CP000000015SK']);
    logOut();

    await eventually(() => expect(dialog()?.open).toBe(true));
    const box = dialog()!;
    expect(document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Log out with unsent work?');
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2 shipments are waiting to be sent.',
      '1 shipment was refused and waits for your correction.',
      '1 scan is waiting to be sent.',
    ]);
    expect(box.textContent).toContain('Nothing is deleted: it stays in this browser, where only you will see it when you log in here again.');
    // The safe choice has the focus.
    expect(document.activeElement).toBe(buttonNamed(box, 'Stay logged in'));
    expect(signOut).not.toHaveBeenCalled();
  });

  it('stays signed in with Stay logged in, and with Escape', async () => {
    await storeScan(CLIENT, 'SENT', ['CP000000015SK', 'CP000000029SK']);
    logOut();
    await eventually(() => expect(dialog()?.open).toBe(true));
    expect([...dialog()!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['1 scan is waiting to be sent.']);

    click(buttonNamed(dialog()!, 'Stay logged in'));
    expect(dialog()?.open).toBe(false);

    click(buttonNamed(view!.container, 'Log out'));
    await eventually(() => expect(dialog()?.open).toBe(true));
    act(() => void dialog()!.dispatchEvent(new Event('cancel', { cancelable: true })));
    await eventually(() => expect(dialog()?.open).toBe(false));

    expect(signOut).not.toHaveBeenCalled();
    expect(await db.scans.count()).toBe(1);
  });

  it('logs out with Log out anyway, leaving the unsent work where it was', async () => {
    await submission(CLIENT, 'pending');
    logOut();
    await eventually(() => expect(dialog()?.open).toBe(true));

    // The logout's promise settles inside act: the dialog closes when it is done.
    await act(async () => buttonNamed(dialog()!, 'Log out anyway').click());

    await eventually(() => expect(signOut).toHaveBeenCalledOnce());
    await eventually(() => expect(dialog()?.open).toBe(false));
    expect(await db.outbox.count()).toBe(1);
  });
});
