// Idempotency-Key for create routes (`config: { idempotent: true }`): the same key with the same
// body answers the first answer again without doing anything; the same key with another body
// answers 422; a key whose first request is still running answers 409. Keys live per company
// for 7 days. A first request that failed on our side (5xx) frees its key for a retry.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { messages } from '../../shared/i18n/messages.ts';
import { serverMessages } from '../../shared/i18n/server-messages.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the Idempotency-Key header. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { companyId: string; key: string } | null;
  }
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

async function idempotencyPlugin(app: FastifyInstance, { db }: { db: Db }) {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
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
        .returning({ key: idempotencyKeys.key });
      if (claimed) {
        request.idempotency = { companyId, key };
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
        throw new ApiError(409, 'invalid_request', serverMessages.idempotencyInProgress, { headers: { 'retry-after': '1' } });
      }
      return reply
        .code(existing.responseStatus)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(existing.responseBody);
    }
    throw new ApiError(409, 'invalid_request', serverMessages.idempotencyInProgress, { headers: { 'retry-after': '1' } });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.companyId, claim.companyId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: reply.statusCode, responseBody: typeof payload === 'string' ? payload : String(payload) })
        .where(where);
    }
    return payload;
  });

  // Old keys go now and then (at most once an hour per instance).
  let lastPurge = 0;
  app.addHook('onResponse', async () => {
    if (Date.now() - lastPurge < 3600_000) return;
    lastPurge = Date.now();
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
  });
}

// Registered before compression, so that onSend sees the JSON text rather than a compressed stream.
export const idempotency = fp(idempotencyPlugin, { name: 'idempotency' });
