// The web app's one IndexedDB database (Dexie): wizard drafts per signed-in client, the outbox
// of submissions waiting to be sent and the depot's queue of scans. Times are epoch milliseconds
// (UTC instants). This layer declares what is stored (tables, indexes, row shapes, the version
// history) and the machinery every queue shares; what each queue holds and sends lives with its
// feature (features/shipments/offline: drafts and the outbox; features/scan/offline: the scans).
import { Dexie, type EntityTable } from 'dexie';
import type { ParcelStatusResult } from '#shared/contract/parcel-status.ts';
import type { WizardShipment } from '#shared/contract/shipments-wizard.ts';
import type { ParcelStatusUpdate } from '#shared/domain/enums.ts';
import type { WizardDraftData, WizardStep } from './draft-data.ts';

export const DB_NAME = 'portal';

/** editing: being filled in; submitted: in the outbox (or sent); rejected: the server refused it. */
export type DraftStatus = 'editing' | 'submitted' | 'rejected';

export interface Draft {
  /** A UUID made in the browser. */
  id: string;
  /** The signed-in client's id (token data.id): drafts are never shown to another client. */
  clientId: string;
  status: DraftStatus;
  step: WizardStep;
  data: WizardDraftData;
  /** The server's field errors (message ids keyed like `receiver_postal_code` or `parcels.0.weight`) when rejected. */
  errors?: Record<string, string[]>;
  createdAt: number;
  updatedAt: number;
}

/**
 * pending: new; sending: handed to the network (a row left here by a closed tab is sent again,
 * with the same key); retry: waits for nextAttemptAt; accepted / rejected: final, kept.
 */
export type OutboxState = 'pending' | 'sending' | 'retry' | 'accepted' | 'rejected';

/** What the server created for an accepted submission. */
export interface OutboxResult {
  consignment_number: string | null;
  item_numbers: string[];
  tracking_numbers: string[];
  /** The server answered a replay of an earlier request with this key (`idempotent-replayed`). */
  replayed: boolean;
}

export interface OutboxError {
  /** HTTP status; 0 when the request got no answer. */
  status: number;
  code?: string;
  message: string;
}

/** What every queue's rows have (OutboxRow, ScanRow); the table indexes `[state+nextAttemptAt]`. */
export interface QueuedRow {
  /** Auto-increment: the creation order the engine sends in. */
  id: number;
  clientId: string;
  /** Made once when the row is queued; every resend carries it. */
  idempotencyKey: string;
  state: OutboxState;
  /** Sends that got an answer other than 401 (or were interrupted). */
  attempts: number;
  /** Failed sends in a row since the last fresh start (the wait itself follows the connection: offline/connection.ts). */
  failures: number;
  /** When a pending or retry row is due by the backoff (sooner while the server answers other rows). */
  nextAttemptAt: number;
  /** The server's Retry-After: not sent before this, whatever the connection. */
  notBefore?: number;
  /**
   * The Idempotency-Key of the merged request this row went out in (with the rows of consecutive
   * ids that carry the same key). Stored before the request is sent; until the server answers it,
   * the row goes out only in that request again: the same rows under the same key.
   */
  batchKey?: string;
  lastError?: OutboxError;
  /** Which engine run holds a `sending` row: a late answer to an abandoned send cannot overwrite a newer one. */
  claimId?: string;
  /** A rejected row the user has since dealt with (resubmitted, discarded, put back): no longer counted as open. */
  resolvedAt?: number;
  updatedAt: number;
}

export interface OutboxRow extends QueuedRow {
  draftId: string;
  payload: WizardShipment;
  /** Field errors of a rejected row (also copied onto its draft). */
  errors?: Record<string, string[]>;
  result?: OutboxResult;
  /** resolvedAt (QueuedRow): the user has since resubmitted or discarded the rejected row's draft. */
  createdAt: number;
}

/**
 * One press of Arrive or Sent on the scan page: its parcel ids, applied once
 * (POST /api/v1/admin/shipments/parcel-status) with the press time as the scan time, alone or
 * merged with the presses next to it of the same status and minute (scan-sync.ts).
 */
export interface ScanRow extends QueuedRow {
  status: ParcelStatusUpdate;
  /** Upper-case tracking or item numbers, each once, as scanned. */
  parcelIds: string[];
  /** When Arrive or Sent was pressed: the events keep this time, however late the request goes. */
  scannedAt: number;
  /** Field errors of a rejected row. */
  errors?: Record<string, string[]>;
  /** The server's answer per id once accepted (empty when a 2xx came without the expected body). */
  results?: ParcelStatusResult[];
  /** resolvedAt (QueuedRow): the ids of the rejected row were put back into the scan field (no longer offered). */
  createdAt: number;
}

export class PortalDb extends Dexie {
  drafts!: EntityTable<Draft, 'id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  scans!: EntityTable<ScanRow, 'id'>;

  constructor(name = DB_NAME) {
    super(name);
    // Schema history. A released version is never edited: the next change adds a version below,
    // listing only the tables whose indexes change (null drops a table), with an upgrade that
    // rewrites existing rows once, inside the version-change transaction, before any code reads
    // them. For example:
    //
    //   this.version(3)
    //     .stores({ drafts: 'id, [clientId+updatedAt], status, country' })
    //     .upgrade((tx) =>
    //       tx.table('drafts').toCollection().modify((draft: Draft & { country?: string }) => {
    //         draft.country = draft.data.country;
    //       }),
    //     );
    //
    // Indexes are declared only for what is queried; the rest of each row is stored as it is.
    this.version(1).stores({
      drafts: 'id, [clientId+updatedAt], status',
      outbox: '++id, [state+nextAttemptAt], clientId, draftId',
    });
    // 2: the depot's scan queue (a new table: nothing to rewrite).
    this.version(2).stores({
      scans: '++id, [state+nextAttemptAt], clientId',
    });
  }
}

/** The app's database. Tests and the outbox benchmark run it on fake-indexeddb. */
export const db = new PortalDb();
