import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/lib/api.ts';
import { renderInRouter } from '#tests/setup/web/render.tsx';
import { db } from '#web/offline/db.ts';
import { resetScans } from '#tests/setup/web/scan-fixtures.ts';
import { CLIENT, eventually, resetDb, storeDraft, storeScan, storeSubmission, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';
import { useSignOut } from './use-sign-out.ts';

function LogOut() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Log out
    </button>
  );
}

beforeEach(async () => {
  await resetDb();
  await resetScans();
  vi.spyOn(api, 'signOut').mockResolvedValue('sent');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useSignOut', () => {
  it('ends the session and removes what the server has answered, keeping what still waits', async () => {
    const sent = await storeSubmission(CLIENT, wizardPayload({ receiver_name: 'Jana Nováková' }));
    await db.outbox.update(sent.rowId, { state: 'accepted' });
    const { draftId: waitingDraft } = await storeSubmission(CLIENT);
    const editing = await storeDraft(CLIENT);
    const applied = await storeScan(CLIENT, 'ARRIVED', ['CP000000015SK']);
    await db.scans.update(applied, { state: 'accepted' });
    const waitingScan = await storeScan(CLIENT, 'SENT', ['CP000000015SK']);

    renderInRouter(
      <QueryClientProvider client={new QueryClient()}>
        <LogOut />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));

    await eventually(() => expect(api.signOut).toHaveBeenCalledOnce());
    await eventually(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.drafts.toArray()).map((draft) => draft.id).sort()).toEqual([waitingDraft, editing].sort());
    expect((await db.scans.toArray()).map((row) => row.id)).toEqual([waitingScan]);
  });
});
