// "Feedback that leads somewhere" (issue 17): a created shipment is named in a toast that offers
// its label at once and marks it new for the list; the wizard's submissions say so when the
// carrier accepts them, whether sent at once or after waiting offline.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '#web/components/ui/toast-store.ts';
import { preloadToastView, Toaster } from '#web/components/ui/toaster.tsx';
import { ApiError } from '#web/lib/api-error.ts';
import { render as renderBare } from '#tests/setup/web/render.tsx';
import { db, type OutboxRow } from '#web/offline/db.ts';
import { CLIENT, eventually, OTHER_CLIENT, resetDb, wizardPayload } from '#tests/setup/web/offline-fixtures.ts';
import { downloadLabel } from '../api/download-label.ts';
import { downloadLabels } from '../api/download-labels.ts';
import { forgetCreated, recentlyCreated } from '../recent-shipments.ts';
import AnnounceAccepted, { useAnnounceAccepted, WAITED_MS } from './use-announce-accepted.ts';
import { useAnnounceCreated } from './use-announce-created.ts';
import { LABEL_START_KEY } from './use-label-start.ts';
import { pickupAddressesQueryOptions } from '../api/get-pickup-addresses.ts';
import { profileQueryOptions } from '#web/lib/profile.ts';
import { pickupAddress, profile } from '#tests/setup/web/account-fixtures.ts';

// The toast's view loads with the first toast (React.lazy); the app has it from then on.
beforeAll(() => preloadToastView());

/** The shell's query cache (routes/_app.tsx): the pickup addresses and the profile the label printer follows. */
let queries: QueryClient;
const render = (ui: ReactNode) => renderBare(<QueryClientProvider client={queries}>{ui}</QueryClientProvider>);

vi.mock('../api/download-label.ts', () => ({ downloadLabel: vi.fn(async () => ({ printedOn: null })) }));
vi.mock('../api/download-labels.ts', () => ({ downloadLabels: vi.fn(async () => ({ printedOn: null })) }));

beforeEach(async () => {
  queries = new QueryClient();
  // What the shell has read: a company and addresses without printers of their own.
  queries.setQueryData(pickupAddressesQueryOptions().queryKey, []);
  queries.setQueryData(profileQueryOptions().queryKey, profile());
  await resetDb();
  forgetCreated();
  vi.mocked(downloadLabel).mockClear();
  vi.mocked(downloadLabels).mockClear();
});
afterEach(() => {
  act(() => dismissToast());
  forgetCreated();
  localStorage.clear();
});

/** The toast on screen: a status, or an alert for an error. */
const toast = () => screen.queryByRole('status') ?? screen.queryByRole('alert');
const toastText = () => toast()?.textContent ?? '';
/** Whether the toast shows in the success colour (its box's daisyUI class). */
const inSuccessColour = () => toast()?.firstElementChild?.classList.contains('alert-success') ?? false;

function Announcer({ items }: { items: string[] }) {
  const announce = useAnnounceCreated();
  return (
    <button type="button" onClick={() => announce(items)}>
      Created
    </button>
  );
}

async function announceNow(items: string[]) {
  render(
    <>
      <Announcer items={items} />
      <Toaster />
    </>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Created' }));
  return user;
}

describe('a created shipment', () => {
  it('is named in a success toast with its label offered at once, and marked new for the list', async () => {
    const user = await announceNow(['PP0000000101']);
    expect(toastText()).toContain('Shipment PP0000000101 created.');
    expect(inSuccessColour()).toBe(true);
    expect([...recentlyCreated()]).toEqual(['PP0000000101']);

    await user.click(screen.getByRole('button', { name: 'Print label' }));
    expect(downloadLabel).toHaveBeenCalledWith('PP0000000101', 'pdf-a6');
    expect(toast()).toBeNull();
  });

  it('prints several labels as one A4 PDF from the quarter chosen last', async () => {
    localStorage.setItem(LABEL_START_KEY, '3');
    const user = await announceNow(['PP0000000101', 'PP0000000102']);
    expect(toastText()).toContain('Shipments PP0000000101, PP0000000102 created.');
    await user.click(screen.getByRole('button', { name: 'Print labels' }));
    expect(downloadLabels).toHaveBeenCalledWith(['PP0000000101', 'PP0000000102'], { format: 'pdf-a4', start: 3 });
  });

  it('says why a label could not be printed, in an error toast that stays', async () => {
    vi.mocked(downloadLabel).mockRejectedValueOnce(new ApiError(400, { message: 'The shipment PP0000000101 is deleted.' }, 'bad_request'));
    const user = await announceNow(['PP0000000101']);
    await user.click(screen.getByRole('button', { name: 'Print label' }));
    expect(toast()!.getAttribute('role')).toBe('alert');
    expect(toastText()).toContain('The shipment PP0000000101 is deleted.');
  });
});

function Watcher({ clientId }: { clientId: string }) {
  useAnnounceAccepted(clientId);
  return null;
}

async function watch(clientId = CLIENT) {
  render(
    <>
      <Watcher clientId={clientId} />
      <Toaster />
    </>,
  );
  // The live query's first answer (nothing new yet).
  await eventually(() => undefined);
}

let nextKey = 1;
function acceptedRow(itemNumbers: string[], fields: Partial<OutboxRow> = {}): Omit<OutboxRow, 'id'> {
  const now = Date.now();
  return {
    clientId: CLIENT,
    draftId: crypto.randomUUID(),
    idempotencyKey: `key-${nextKey++}`,
    payload: wizardPayload(),
    state: 'accepted',
    attempts: 1,
    failures: 0,
    nextAttemptAt: now - 500,
    createdAt: now - 500,
    updatedAt: now,
    result: { consignment_number: null, item_numbers: itemNumbers, tracking_numbers: [], replayed: false },
    ...fields,
  };
}

describe('a wizard submission the carrier accepted', () => {
  it('is announced when accepted after the shell opened, though before the watcher (loaded after the first paint) started', async () => {
    const openedAt = Date.now() - 1_000;
    await db.outbox.add(acceptedRow(['PP0000000190'], { updatedAt: openedAt - 60_000 }) as OutboxRow);
    await db.outbox.add(acceptedRow(['PP0000000191'], { updatedAt: openedAt + 200 }) as OutboxRow);
    render(
      <>
        <AnnounceAccepted clientId={CLIENT} openedAt={openedAt} />
        <Toaster />
      </>,
    );
    await eventually(() => expect(toastText()).toContain('Shipment PP0000000191 created.'));
    expect(toastText()).not.toContain('PP0000000190');
  });

  it('says "created" and offers the label when it was sent at once', async () => {
    await watch();
    await act(async () => {
      await db.outbox.add(acceptedRow(['PP0000000201']) as OutboxRow);
    });
    await eventually(() => expect(toastText()).toContain('Shipment PP0000000201 created.'));
    expect(screen.getByRole('button', { name: 'Print label' })).toBeTruthy();
    expect(recentlyCreated().has('PP0000000201')).toBe(true);
  });

  it('prints on the printer set for its pickup address, else on the company’s (issue 33)', async () => {
    const addressId = wizardPayload().pickup_address_id;
    queries.setQueryData(pickupAddressesQueryOptions().queryKey, [pickupAddress(addressId, { labelPrinter: 'zpl-203' })]);
    queries.setQueryData(profileQueryOptions().queryKey, profile({ label_printer: 'pdf-100x150' }));
    await watch();
    await act(async () => {
      await db.outbox.add(acceptedRow(['PP0000000211']) as OutboxRow);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print label' }));
    await eventually(() => expect(downloadLabel).toHaveBeenCalledWith('PP0000000211', 'zpl-203'));

    act(() => dismissToast());
    await act(async () => {
      await db.outbox.add(acceptedRow(['PP0000000212'], { payload: { ...wizardPayload(), pickup_address_id: crypto.randomUUID() } }) as OutboxRow);
    });
    await user.click(await screen.findByRole('button', { name: 'Print label' }));
    await eventually(() => expect(downloadLabel).toHaveBeenCalledWith('PP0000000212', 'pdf-100x150'));
  });

  it('says it was sent when it had waited in this browser (offline), with its item number', async () => {
    await watch();
    const long = Date.now() - WAITED_MS - 60_000;
    await act(async () => {
      await db.outbox.add(acceptedRow(['PP0000000301'], { createdAt: long, nextAttemptAt: long }) as OutboxRow);
    });
    await eventually(() => expect(toastText()).toContain('Shipment PP0000000301 sent: it was waiting in this browser.'));
    expect(inSuccessColour()).toBe(true);
    expect(screen.getByRole('button', { name: 'Print label' })).toBeTruthy();
  });

  it('gathers the submissions accepted together (a queue drained when the connection came back) in one toast', async () => {
    await watch();
    const long = Date.now() - WAITED_MS - 60_000;
    await act(async () => {
      await db.outbox.bulkAdd([acceptedRow(['PP0000000401'], { createdAt: long }), acceptedRow(['PP0000000402'], { createdAt: long })] as OutboxRow[]);
    });
    await eventually(() => expect(toastText()).toContain('Shipments PP0000000401, PP0000000402 sent: they were waiting in this browser.'));
    expect([...recentlyCreated()].sort()).toEqual(['PP0000000401', 'PP0000000402']);
  });

  it('does not announce again what was accepted before, nor another client’s submissions, nor waiting ones', async () => {
    await db.outbox.add(acceptedRow(['PP0000000501'], { updatedAt: Date.now() - 60_000 }) as OutboxRow);
    await watch();
    await act(async () => {
      await db.outbox.bulkAdd([acceptedRow(['PP0000000502'], { clientId: OTHER_CLIENT }), acceptedRow([], { state: 'pending', result: undefined })] as OutboxRow[]);
    });
    // A later acceptance of this client's shows that the live query has seen the rows before it.
    await act(async () => {
      await db.outbox.add(acceptedRow(['PP0000000503']) as OutboxRow);
    });
    await eventually(() => expect(toastText()).toContain('Shipment PP0000000503 created.'));
    expect([...recentlyCreated()]).toEqual(['PP0000000503']);
  });

  it('announces each submission once, however often the outbox changes', async () => {
    await watch();
    let id = 0;
    await act(async () => {
      id = (await db.outbox.add(acceptedRow(['PP0000000601']) as OutboxRow)) as number;
    });
    await eventually(() => expect(toastText()).toContain('PP0000000601'));
    act(() => dismissToast());
    await act(async () => {
      await db.outbox.update(id, { updatedAt: Date.now() + 1 });
    });
    await act(async () => {
      await db.outbox.add(acceptedRow(['PP0000000602']) as OutboxRow);
    });
    await eventually(() => expect(toastText()).toContain('Shipment PP0000000602 created.'));
    expect(toastText()).not.toContain('PP0000000601');
  });
});
