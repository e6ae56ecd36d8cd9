// Idempotency-Key for create routes (`config: { idempotent: true }`): the same key with the same
// body answers the first answer again without doing anything; the same key with another body
// answers 422; a key whose first request is still running answers 409. Keys live per company
// for 7 days. A first request that failed on our side (5xx) frees its key for a retry.
//
// The key is claimed ("running", no answer) in its own statement before the handler. A route
// whose request changes data stores its answer with the key INSIDE the transaction that makes the
// change (`beforeCommit(request, reply, answer)`, handed to the service), so the change and its
// answer commit together: a server killed after the commit still replays the answer, and a key
// left "running" belongs to a request whose change never committed, which a resend may safely
// take over after 60 s. Answers that change nothing (4xx) are stored when sent.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the Idempotency-Key header. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

/** The request's claim on its Idempotency-Key. */
export interface IdempotencyClaim {
  companyId: string;
  key: string;
  /** The claim's created_at as the database wrote it (microseconds): tells it from a later claim of the key. */
  claimedAt: string;
  /**
   * Stores the answer (status and the exact JSON text sent) with the key in `tx`, the transaction
   * of the change the request makes, so both commit or neither does. Answers 409 (and so rolls
   * `tx` back) when the key is no longer this request's: a resend took it over as abandoned.
   */
  completeIn(tx: Db, status: number, body: string): Promise<void>;
  /** Frees the key in `tx`: the change it answered was undone (so a retry may make it anew). */
  releaseIn(tx: Db): Promise<void>;
  /** completeIn ran: a success answer after it was committed with it (nothing left to record). */
  completed: boolean;
}

export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3600 * 1000;
/** A "running" key older than this belongs to a request that died: it may be taken over. */
const ABANDONED_MS = 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Canonical JSON (object keys sorted) so that the same body hashes the same however it is written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}\n${canonical(request.params)}\n${canonical(request.body)}`)
    .digest('hex');
}

const inProgress = () => new ApiError(409, 'invalid_request', serverMessages.idempotencyInProgress, { headers: { 'retry-after': '1' } });

/**
 * The before-commit step a route hands to the service that makes its change: it stores
 * `answer(result)` with the request's Idempotency-Key in the service's transaction, as the text
 * the route's serializer sends (the same JSON the route then returns), under the reply's status.
 * Undefined without a key.
 */
export function beforeCommit<T>(request: FastifyRequest, reply: FastifyReply, answer: (result: T) => unknown): ((tx: Db, result: T) => Promise<void>) | undefined {
  const claim = request.idempotency;
  if (!claim) return undefined;
  return (tx, result) => claim.completeIn(tx, reply.statusCode, String(reply.serialize(answer(result))));
}

async function idempotencyPlugin(app: FastifyInstance, { db }: { db: Db }) {
  app.decorateRequest('idempotency', null);

  // The hooks run on every request and are plain callbacks: a route that takes no key (most
  // requests, static files included) passes at once, without a promise to settle (issue 19).
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.routeOptions.config.idempotent) return done();
    claimKey(request, reply).then(() => done(), done);
  });

  /** Claims the request's key, or answers for it: its first answer again, or 409/422. */
  async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !request.principal) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new ApiError(400, 'invalid_request', messages.invalidRequest, { fields: { 'Idempotency-Key': [messages.invalidValue.id] } });
    }
    const companyId = request.principal.companyId;
    const hash = requestHash(request);
    const now = Date.now();

    for (let attempt = 0; attempt < 2; attempt++) {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ companyId, key, requestHash: hash, expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) })
        .onConflictDoNothing()
        .returning({ claimedAt: sql<string>`${idempotencyKeys.createdAt}::text` });
      if (claimed) {
        request.idempotency = claimOf(companyId, key, claimed.claimedAt);
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
      if (!existing) continue;
      // An expired key, or a "running" one whose request died, is freed and claimed again. The
      // test runs in SQL on the database's clock (its timestamps have microseconds).
      const freed = await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.companyId, companyId),
            eq(idempotencyKeys.key, key),
            or(
              lte(idempotencyKeys.expiresAt, sql`now()`),
              and(isNull(idempotencyKeys.responseStatus), lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_MS / 1000})`)),
            ),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (freed.length > 0) continue;
      if (existing.requestHash !== hash) throw new ApiError(422, 'validation_failed', serverMessages.idempotencyMismatch);
      if (existing.responseStatus === null) {
        throw inProgress();
      }
      return reply
        .code(existing.responseStatus)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(existing.responseBody);
    }
    throw inProgress();
  }

  // The answer of a request that stored none in a transaction (a 4xx: nothing changed). A key
  // completed in the change's transaction is left as it is, even when the request failed after
  // the commit: its change is made, so the key keeps answering it. A 5xx frees a key still running,
  // and so does a 429: it asks for the same request again after Retry-After, under the same key.
  // A failed write here is logged and the answer still sent: the key stays "running" with nothing
  // committed under it, so a resend takes it over after 60 s. (Thrown, it would replace the
  // answer, and after an error answer Fastify's fallback would send the query text to the client.)
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotency;
    if (!claim) return done(null, payload);
    request.idempotency = null;
    // Stored with the change: a second write would find nothing to update (issue 19: it was one
    // more statement on every create). An error answer after it (its transaction rolled back)
    // still goes through recordAnswer, whose condition then sees the key running.
    if (claim.completed && reply.statusCode < 400) return done(null, payload);
    void recordAnswer(request, reply, claim, payload).then(() => done(null, payload));
  });

  async function recordAnswer(request: FastifyRequest, reply: FastifyReply, claim: IdempotencyClaim, payload: unknown): Promise<void> {
    const running = and(ownClaim(claim), isNull(idempotencyKeys.responseStatus));
    try {
      if (reply.statusCode >= 500 || reply.statusCode === 429) {
        await db.delete(idempotencyKeys).where(running);
      } else {
        await db
          .update(idempotencyKeys)
          .set({ responseStatus: reply.statusCode, responseBody: typeof payload === 'string' ? payload : String(payload) })
          .where(running);
      }
    } catch (error) {
      request.log.error({ err: error }, 'idempotency key: the answer was not recorded');
    }
  }
  // Expired keys are deleted by the retention job (jobs/retention.ts), once per interval for every instance.
}

/** The key's row while it is still this claim's (not taken over by a resend since). */
function ownClaim({ companyId, key, claimedAt }: Pick<IdempotencyClaim, 'companyId' | 'key' | 'claimedAt'>) {
  return and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, sql`${claimedAt}::timestamptz`));
}

function claimOf(companyId: string, key: string, claimedAt: string): IdempotencyClaim {
  const claim: IdempotencyClaim = {
    companyId,
    key,
    claimedAt,
    completed: false,
    async completeIn(tx, status, body) {
      const [done] = await tx
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(ownClaim(claim), isNull(idempotencyKeys.responseStatus)))
        .returning({ key: idempotencyKeys.key });
      if (!done) throw inProgress();
      claim.completed = true;
    },
    async releaseIn(tx) {
      await tx.delete(idempotencyKeys).where(ownClaim(claim));
    },
  };
  return claim;
}

// Registered before compression, so that onSend sees the JSON text rather than a compressed stream.
export const idempotency = fp(idempotencyPlugin, { name: 'idempotency' });
