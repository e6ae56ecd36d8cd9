// Heavy work bounded per company (issue 30, README note 99): bulk labels, manifests, import uploads
// and reports each take a core for a while, so one client looping on them could slow the portal
// for everyone. Each company has a few slots per kind; a request beyond them is refused at once
// (429 too_many_requests with Retry-After and a translated message) rather than queued, and other
// companies keep their own slots. The bounds are far above what an office does by hand (two bulk
// prints of the same company at the very same moment), far below a script's parallel loop.
//
// In memory, per instance, on purpose: what is protected is this instance's CPU and event loop (a
// request holds its slot while this instance works on it), and a slot must come back when the
// work ends or the process dies, which a shared counter would not guarantee. Behind a balancer a
// company can have N slots on each of the instances; the per-account rate limits (note 105) count
// cluster-wide.
import type { FastifyRequest } from 'fastify';
import type { MessageDescriptor } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { ApiError } from './http-errors.ts';

/** Slots of one kind of work, per company. */
export class CompanySlots {
  readonly #taken = new Map<string, number>();
  #total = 0;

  constructor(readonly perCompany: number) {}

  /** Work of this kind in progress now, every company's (also what a graceful shutdown waits for). */
  get inProgress(): number {
    return this.#total;
  }

  /** Work of this kind the company has in progress now. */
  inProgressOf(companyId: string): number {
    return this.#taken.get(companyId) ?? 0;
  }

  /** A slot of the company's, or null when all of them are taken; the answer releases it (once, however often called). */
  take(companyId: string): (() => void) | null {
    const taken = this.inProgressOf(companyId);
    if (taken >= this.perCompany) return null;
    this.#taken.set(companyId, taken + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = this.inProgressOf(companyId) - 1;
      if (left > 0) this.#taken.set(companyId, left);
      else this.#taken.delete(companyId);
    };
  }
}

export type HeavyWorkKind = 'labels' | 'manifests' | 'imports' | 'reports';

/** Slots per company of each kind. */
export type HeavyWorkLimits = Record<HeavyWorkKind, number>;

export const DEFAULT_HEAVY_WORK_LIMITS: HeavyWorkLimits = { labels: 2, manifests: 2, imports: 2, reports: 2 };

/** Seconds a refused request is asked to wait: about the time the work it waits for takes. */
export const HEAVY_WORK_RETRY_SECONDS: Record<HeavyWorkKind, number> = { labels: 2, manifests: 3, imports: 10, reports: 5 };

export class HeavyWork {
  readonly #slots: Record<HeavyWorkKind, CompanySlots>;

  constructor(limits: HeavyWorkLimits = DEFAULT_HEAVY_WORK_LIMITS) {
    this.#slots = {
      labels: new CompanySlots(limits.labels),
      manifests: new CompanySlots(limits.manifests),
      imports: new CompanySlots(limits.imports),
      reports: new CompanySlots(limits.reports),
    };
  }

  /** Work of `kind` in progress now, every company's. */
  inProgress(kind: HeavyWorkKind): number {
    return this.#slots[kind].inProgress;
  }

  /**
   * A slot of `kind` for the company; beyond its bound a 429 with Retry-After (the message says
   * to try again in those seconds, or is `message` when the kind has its own).
   */
  take(kind: HeavyWorkKind, companyId: string, message?: MessageDescriptor): () => void {
    const release = this.#slots[kind].take(companyId);
    if (release) return release;
    const seconds = HEAVY_WORK_RETRY_SECONDS[kind];
    throw new ApiError(429, 'too_many_requests', message ?? serverMessages.heavyWorkBusy, { values: { seconds }, headers: { 'retry-after': String(seconds) } });
  }

  /**
   * A route hook (after the auth hook) that answers the 429 before the body is read and checked
   * when the caller's company has no slot of `kind` left: a script looping on a refused 1,000-item
   * print or a 30 MB upload then costs the server next to nothing. The handler still takes its slot
   * (another request may have taken the last one meanwhile).
   */
  refuseWhenFull(kind: HeavyWorkKind, message?: MessageDescriptor): (request: FastifyRequest) => Promise<void> {
    return async (request) => {
      const companyId = request.principal?.companyId;
      if (companyId !== undefined && this.#slots[kind].inProgressOf(companyId) >= this.#slots[kind].perCompany) this.take(kind, companyId, message);
    };
  }

  /** Runs `work` in a slot of `kind` for the company (429 beyond the bound), releasing it when the work ends. */
  async run<T>(kind: HeavyWorkKind, companyId: string, work: () => Promise<T>): Promise<T> {
    const release = this.take(kind, companyId);
    try {
      return await work();
    } finally {
      release();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's heavy work slots per company. */
    heavyWork: HeavyWork;
  }
}
