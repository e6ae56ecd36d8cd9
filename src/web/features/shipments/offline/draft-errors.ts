// Errors of the draft and outbox operations: programming or race conditions the caller can show.

/** The draft does not exist (discarded in another tab, or a stale link). */
export class DraftNotFoundError extends Error {
  constructor(readonly draftId: string) {
    super(`Draft ${draftId} does not exist`);
    this.name = 'DraftNotFoundError';
  }
}

/**
 * The draft's submission is in the outbox: it cannot be submitted a second time (a double click
 * on Finish) nor discarded while it waits to be sent.
 */
export class DraftSubmittedError extends Error {
  constructor(readonly draftId: string) {
    super(`Draft ${draftId} is already submitted`);
    this.name = 'DraftSubmittedError';
  }
}
