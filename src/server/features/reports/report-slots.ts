// How many shipment reports this instance writes at once. Each takes a core while it is written
// and the other calls (sign-ins, scans, the list) must keep answering, so one over the limit is
// refused at once (429 with Retry-After) rather than queued. Per instance on purpose: the CPU is.
export class ReportSlots {
  #taken = 0;

  constructor(readonly size: number) {}

  /** Reports being written now (also what a graceful shutdown waits for). */
  get inProgress(): number {
    return this.#taken;
  }

  /** A slot, or null when all are taken; the answer releases it (once, however often called). */
  take(): (() => void) | null {
    if (this.#taken >= this.size) return null;
    this.#taken++;
    let released = false;
    return () => {
      if (!released) this.#taken--;
      released = true;
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shipment reports this instance is writing now. */
    reportsInProgress(): number;
  }
}
