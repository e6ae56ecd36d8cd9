// Helpers for the offline layer's unit tests and the tests that read it (not part of the app).
import type { WizardShipment } from '#shared/contract/shipments-wizard.ts';
import type { ParcelStatusUpdate } from '#shared/domain/enums.ts';
import { db, type OutboxRow } from '#web/offline/db.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { freshQueueFields } from '#web/offline/outbox-states.ts';

export const CLIENT = 'client-a';
export const OTHER_CLIENT = 'client-b';

export function wizardPayload(overrides: Partial<WizardShipment> = {}): WizardShipment {
  return {
    delivery_method: 'home_delivery',
    product: 'PRM',
    goods_type: 'GOODS',
    pickup_address_id: '6f1c7a5e-3f3e-4d55-9a4f-4c3f3f2b9a10',
    reference_number: 'REF-1',
    label_sender_name: 'Zelená Záhrada',
    content: 'Seeds',
    receiver_name: 'Jana Nováková',
    receiver_address_line_1: 'Hlavná 1',
    receiver_city: 'Žilina',
    receiver_postal_code: '01001',
    receiver_country: 'SK',
    receiver_phone: '+421900123456',
    receiver_email: 'jana@example.com',
    parcels: [{ weight: 1.5, width: 20, height: 10, length: 30, reference_number: 'P-1' }],
    ...overrides,
  };
}

export async function resetDb(): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    await db.drafts.clear();
    await db.outbox.clear();
  });
}

/**
 * A wizard submission waiting in the outbox, stored as Finish stores it (a submitted draft and a
 * pending row with a new idempotency key), written straight into the database: tests of what reads
 * the queues need no feature's code to fill them.
 */
export async function storeSubmission(clientId: string, payload: WizardShipment = wizardPayload(), data: WizardDraftData = {}): Promise<{ draftId: string; rowId: number }> {
  const now = Date.now();
  const draftId = crypto.randomUUID();
  return db.transaction('rw', db.drafts, db.outbox, async () => {
    await db.drafts.add({ id: draftId, clientId, status: 'submitted', step: 6, data, createdAt: now, updatedAt: now });
    const rowId = await db.outbox.add({ clientId, draftId, idempotencyKey: crypto.randomUUID(), payload, ...freshQueueFields(now) });
    return { draftId, rowId };
  });
}

/** A draft being edited, stored straight into the database; answers its id. */
export async function storeDraft(clientId: string, data: WizardDraftData = {}): Promise<string> {
  const now = Date.now();
  const id = crypto.randomUUID();
  await db.drafts.add({ id, clientId, status: 'editing', step: data.step ?? 1, data, createdAt: now, updatedAt: now });
  return id;
}

/** One press of Arrive or Sent waiting in the scan queue, stored straight into the database; answers its row id. */
export async function storeScan(clientId: string, status: ParcelStatusUpdate, parcelIds: string[]): Promise<number> {
  const now = Date.now();
  return db.scans.add({ clientId, status, parcelIds, scannedAt: now, idempotencyKey: crypto.randomUUID(), ...freshQueueFields(now) });
}

export async function outboxRows(): Promise<OutboxRow[]> {
  return db.outbox.orderBy('id').toArray();
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Retries `check` until it passes, letting live queries re-render inside React's act(). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 2_000): Promise<void> {
  const { act } = await import('react');
  const started = performance.now();
  for (;;) {
    // setImmediate (Node's) keeps working while a test fakes setTimeout; fake-indexeddb runs on it too.
    const tick = () => new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 5)));
    await (globalThis.IS_REACT_ACT_ENVIRONMENT ? act(tick) : tick());
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
    }
  }
}
