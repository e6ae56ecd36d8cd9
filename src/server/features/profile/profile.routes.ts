import type { FastifyInstance } from 'fastify';
import { myPickupAddressesEndpoint, pickupAddressLabelPrinterEndpoint } from '#shared/contract/pickup-addresses.ts';
import { changeSecretEndpoint, profileEndpoint, profileUpdateEndpoint } from '#shared/contract/profile.ts';
import { accountMessages as acm } from '#shared/i18n/account-messages.ts';
import { messages } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import { route } from '#server/http/route.ts';
import type { LoginLimiter } from '../auth/public.ts';
import { setRefreshCookie } from '../auth/public.ts';
import type { RefreshTokenStore } from '../auth/public.ts';
import { changeSecret, clientLogin, updateProfile } from './account.service.ts';
import { listPickupAddresses, setPickupAddressLabelPrinter } from './pickup-addresses.service.ts';
import type { ProfileCache } from './profile-cache.ts';

export interface ProfileDeps {
  db: Db;
  refreshTokens: RefreshTokenStore;
  /** The sign-in limiter: guessing the current password here counts as failed sign-ins. */
  limiter: LoginLimiter;
  /** The profiles this instance read lately (profile-cache.ts). */
  profiles: ProfileCache;
}

const tooManyAttempts = (seconds: number) => new ApiError(429, 'too_many_requests', serverMessages.tooManyAttempts, { values: { seconds }, headers: { 'retry-after': String(seconds) } });

export async function profileRoutes(app: FastifyInstance, { db, refreshTokens, limiter, profiles }: ProfileDeps) {
  route(app, profileEndpoint, async ({ principal }) => profiles.read(principal));
  route(app, profileUpdateEndpoint, async ({ principal, body }) => {
    try {
      return await updateProfile(db, principal, body);
    } finally {
      // Also when it failed: the change may have been made before the failure.
      profiles.forget(principal.clientId);
    }
  });

  // A new password ends every session of the client, this one included, and starts a new one
  // for this browser: the answer sets its refresh cookie.
  route(app, changeSecretEndpoint, async ({ principal, body, request, reply, t }) => {
    const login = await clientLogin(db, principal);
    const wait = await limiter.retryAfter(login, request.ip);
    if (wait > 0) throw tooManyAttempts(wait);
    if ((await changeSecret(db, principal, body)) === 'wrong') {
      await limiter.fail(login, request.ip);
      const after = await limiter.retryAfter(login, request.ip);
      if (after > 0) throw tooManyAttempts(after);
      throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { oldSecret: [acm.passwordWrong] } });
    }
    await limiter.succeed(login, request.ip);
    await refreshTokens.revokeClient(principal.clientId);
    setRefreshCookie(request, reply, await refreshTokens.issue(principal.clientId));
    request.log.info({ client: principal.clientId }, 'password changed');
    return { message: t(acm.passwordChanged) };
  });

  // Any role: the addresses the caller ships from (the wizard's first step).
  route(app, myPickupAddressesEndpoint, async ({ principal }) => listPickupAddresses(db, principal));
  route(app, pickupAddressLabelPrinterEndpoint, async ({ principal, params, body }) => setPickupAddressLabelPrinter(db, principal, params.id, body));
}
