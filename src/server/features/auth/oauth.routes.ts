// POST /oauth/token (client_credentials and refresh_token grants) and POST /oauth/revoke.
// Errors follow RFC 6749 section 5.2 and carry a human message in the caller's language.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { revokeEndpoint, revokeRequestSchema, tokenEndpoint, tokenRequestSchema, type TokenResponse } from '#shared/contract/auth.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import { route } from '#server/http/route.ts';
import type { AccessTokens } from './access-tokens.ts';
import { basicCredentials, type BasicCredentials } from './client-authentication.ts';
import { clientInfo, findClientById, findClientByLogin, type ClientRow } from './clients.service.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { DUMMY_HASH_PROMISE, verifySecret } from './passwords.ts';
import { REFRESH_ABSOLUTE_SECONDS, type IssuedRefresh, type RefreshTokenStore } from './refresh-tokens.ts';
import { isCrossSite } from './same-origin.ts';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/oauth';
const cookieOptions = (request: FastifyRequest) => ({ path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;

/** Hands the browser a refresh token (HttpOnly cookie, sent to /oauth only); never cached. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refresh: { token: string; expiresAt: Date }): void {
  reply
    .setCookie(REFRESH_COOKIE, refresh.token, { ...cookieOptions(request), expires: refresh.expiresAt })
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache');
}

export interface OAuthDeps {
  db: Db;
  tokens: AccessTokens;
  refreshTokens: RefreshTokenStore;
  limiter: LoginLimiter;
}

/** A failed HTTP Basic authentication names the scheme to use (RFC 6749 section 5.2, RFC 7617). */
const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="portal"' };
const invalidClient = (basic: boolean) => new ApiError(401, 'invalid_client', serverMessages.invalidClient, basic ? { headers: BASIC_CHALLENGE } : {});
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body with the client credentials of an `Authorization: Basic` header in it, so that both
 * ways are checked, limited and answered alike. A second way in the same request (a secret in the
 * body, or another client_id) is `invalid_request` (RFC 6749 section 2.3: one method per request).
 */
function withBasicCredentials(body: unknown, basic: Extract<BasicCredentials, { kind: 'basic' }>): Record<string, unknown> {
  const fields = isObject(body) ? body : {};
  const sameId = fields.client_id === undefined || (typeof fields.client_id === 'string' && fields.client_id.trim().toLowerCase() === basic.clientId.trim().toLowerCase());
  if (fields.client_secret !== undefined || !sameId) throw new ApiError(400, 'invalid_request', serverMessages.clientAuthenticationTwice);
  return { ...fields, client_id: basic.clientId, client_secret: basic.secret };
}
const invalidGrant = () => new ApiError(400, 'invalid_grant', serverMessages.invalidGrant);

export async function oauthRoutes(app: FastifyInstance, deps: OAuthDeps) {
  const { db, tokens, refreshTokens, limiter } = deps;

  // Both routes set or clear the session cookie: a page of another site may not make them do
  // that (login CSRF, forced logout). Refused rather than answered without the cookie: such a
  // page cannot read the answer anyway (no CORS), and a plain refusal checks no secret and counts
  // no failure. Callers that are not browser pages send neither header and pass.
  app.addHook('onRequest', async (request) => {
    if (isCrossSite(request)) throw new ApiError(403, 'forbidden', serverMessages.crossSiteSignIn);
  });

  async function grant(request: FastifyRequest, reply: FastifyReply, client: ClientRow, refresh: IssuedRefresh) {
    const principal = { clientId: client.id, companyId: client.companyId, role: client.role, sessionId: refresh.familyId };
    const [{ token, expiresIn }, data] = await Promise.all([tokens.sign(principal), clientInfo(db, client)]);
    setRefreshCookie(request, reply, refresh);
    const body: TokenResponse = { access_token: token, token_type: 'Bearer', expires_in: expiresIn, data };
    return body;
  }

  route(
    app,
    tokenEndpoint,
    async ({ request, reply }) => {
      const basic = basicCredentials(request.headers.authorization);
      if (basic.kind === 'malformed') throw invalidClient(true);
      const sent = basic.kind === 'basic' ? withBasicCredentials(request.body, basic) : (request.body ?? {});
      const parsed = tokenRequestSchema.safeParse(sent);
      if (!parsed.success) {
        const grantType = isObject(sent) ? sent.grant_type : undefined;
        if (grantType === undefined || grantType === null || grantType === '') {
          throw new ApiError(400, 'invalid_request', messages.invalidRequest, { fields: { grant_type: [messages.required.id] } });
        }
        if (typeof grantType === 'string' && grantType !== 'client_credentials' && grantType !== 'refresh_token') {
          throw new ApiError(400, 'unsupported_grant_type', serverMessages.unsupportedGrantType);
        }
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fields[issue.path.join('.') || 'grant_type'] ??= []).push(issue.message);
        throw new ApiError(400, 'invalid_request', messages.invalidRequest, { fields });
      }
      const body = parsed.data;

      if (body.grant_type === 'client_credentials') {
        const address = request.ip;
        const wait = await limiter.retryAfter(body.client_id, address);
        if (wait > 0) {
          throw new ApiError(429, 'too_many_requests', serverMessages.tooManyAttempts, { values: { seconds: wait }, headers: { 'retry-after': String(wait) } });
        }
        const client = await findClientByLogin(db, body.client_id);
        // Unknown, disabled and wrong secret answer alike, after the same amount of hashing work.
        const valid = await verifySecret(body.client_secret, client?.secretHash ?? (await DUMMY_HASH_PROMISE));
        if (!client || !valid || !client.enabled) {
          await limiter.fail(body.client_id, address);
          const after = await limiter.retryAfter(body.client_id, address);
          if (after > 0) {
            throw new ApiError(429, 'too_many_requests', serverMessages.tooManyAttempts, { values: { seconds: after }, headers: { 'retry-after': String(after) } });
          }
          throw invalidClient(basic.kind === 'basic');
        }
        await limiter.succeed(body.client_id, address);
        request.log.info({ client: client.id }, 'signed in');
        return grant(request, reply, client, await refreshTokens.issue(client.id));
      }

      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw invalidGrant();
      const rotated = await refreshTokens.rotate(presented);
      if (!rotated.ok) {
        if (rotated.reason === 'reused') request.log.warn('refresh token reuse detected: session family revoked');
        reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
        throw invalidGrant();
      }
      const client = await findClientById(db, rotated.clientId);
      if (!client || !client.enabled) {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
        throw invalidGrant();
      }
      return grant(request, reply, client, rotated);
    },
    { validateBody: false },
  );

  /**
   * Logout (RFC 7009 in spirit): ends the session family of the presented refresh cookie and
   * clears it, and the session the body's `token` (an access token of ours, even expired) names.
   * The token alone is how a sign-out that got no answer offline is sent later: by then the
   * browser's cookie may be another person's fresh sign-in, which must live on, so the app sends
   * it without the cookie. A token that is not ours, too old or of an ended session changes
   * nothing and answers the same 204 (RFC 7009 section 2.2): the answer tells nothing about it.
   */
  route(
    app,
    revokeEndpoint,
    async ({ request, reply }) => {
      const parsed = revokeRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fields[issue.path.join('.') || 'token'] ??= []).push(issue.message);
        throw new ApiError(400, 'invalid_request', messages.invalidRequest, { fields });
      }
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await refreshTokens.revoke(presented);
      if (parsed.data.token) {
        // Past its absolute limit a session is over anyway: older tokens need no lookup.
        const principal = await tokens.expiredSession(parsed.data.token, REFRESH_ABSOLUTE_SECONDS);
        if (principal) await refreshTokens.revokeFamily(principal.sessionId, principal.clientId);
      }
      // A revoke by token alone leaves the cookie be: it may be a newer sign-in's (a browser ignores
      // the answer's cookies for a request sent without them anyway).
      if (presented || !parsed.data.token) reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
      reply.header('cache-control', 'no-store');
      return reply.status(204).send();
    },
    { validateBody: false },
  );
}
