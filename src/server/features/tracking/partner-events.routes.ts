// POST /api/v1/partner/events: the delivery partners' event feed. Public for the bearer check;
// authenticated by the HMAC signature of the raw body instead (partner-signature.ts). Order of
// checks: signature (401) before body validation (400), so a stranger learns nothing about the
// body format; then replay (409), then the events.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partnerEventsEndpoint } from '#shared/contract/partner-events.ts';
import { PARTNER_SIGNATURE_WINDOW_SECONDS } from '#shared/domain/limits.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import { ApiError } from '#server/http-errors.ts';
import { route } from '#server/http/route.ts';
import { recordPartnerEvents } from './partner-events.service.ts';
import { findActiveKey, type PartnerKeyOwner } from './partner-keys.ts';
import { readSignedRequest, signatureMatches, withinWindow, type SignedRequest } from './partner-signature.ts';
import { rememberSignature } from './request-signatures.ts';

const signatureInvalid = () => new ApiError(401, 'unauthorized', serverMessages.partnerSignatureInvalid);

interface VerifiedRequest {
  key: PartnerKeyOwner;
  signed: SignedRequest;
}

/** Registered as its own (encapsulated) plugin: the raw-body JSON parser applies to this route only. */
export async function partnerEventRoutes(app: FastifyInstance, { db, now = () => Date.now() }: { db: Db; now?: () => number }) {
  // The signature covers the exact bytes sent, so the body is kept raw and parsed after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const verified = new WeakMap<FastifyRequest, VerifiedRequest>();

  async function verifySignature(request: FastifyRequest) {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signed = readSignedRequest(request.headers);
    if (!signed || !withinWindow(signed.timestamp, Math.floor(now() / 1000), PARTNER_SIGNATURE_WINDOW_SECONDS)) throw signatureInvalid();
    const key = await findActiveKey(db, signed.keyId);
    if (!key || !signatureMatches(key.secret, signed, raw)) throw signatureInvalid();
    verified.set(request, { key, signed });
    try {
      request.body = JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      throw new ApiError(400, 'malformed_body', serverMessages.malformedBody);
    }
  }

  route(
    app,
    partnerEventsEndpoint,
    async ({ request, body }) => {
      const proof = verified.get(request);
      if (!proof) throw signatureInvalid();
      // Kept until the timestamp leaves the window; a second use within it is a replay.
      const expiresAt = new Date((proof.signed.timestamp + PARTNER_SIGNATURE_WINDOW_SECONDS + 1) * 1000);
      return retriedTransaction(db, async (tx) => {
        if (!(await rememberSignature(tx, proof.signed.signature.toString('hex'), expiresAt))) {
          throw new ApiError(409, 'conflict', serverMessages.partnerRequestReplayed);
        }
        // In one transaction with the signature: a request that fails here may be sent again as it is.
        return recordPartnerEvents(tx, { id: proof.key.partnerId, code: proof.key.partnerCode }, body.events, new Date(now()));
      });
    },
    { preValidation: verifySignature },
  );
}
