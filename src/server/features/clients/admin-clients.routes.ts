// Admin: registering clients, editing and disabling them, resetting their secret.
import type { FastifyInstance } from 'fastify';
import { clientRegisterEndpoint, clientResetSecretEndpoint, clientUpdateEndpoint } from '#shared/contract/admin-clients.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { Db } from '#server/db/client.ts';
import type { ActiveClients } from '../auth/public.ts';
import { route } from '#server/http/route.ts';
import { registerClient, resetClientSecret, updateClient } from './admin-clients.service.ts';

/** `active`: the auth plugin's cache of enabled states, told of a change so that it applies at once. */
export async function adminClientRoutes(app: FastifyInstance, { db, active }: { db: Db; active?: ActiveClients }) {
  // An answer carrying a secret is kept by no cache (as the token endpoint's).
  route(app, clientRegisterEndpoint, async ({ body, principal, t, reply }) => {
    const created = await registerClient(db, principal, body);
    reply.header('cache-control', 'no-store');
    return { ...created, message: t(am.clientCreated) };
  });
  route(app, clientUpdateEndpoint, async ({ params, body, principal }) => {
    const client = await updateClient(db, principal, params.id, body);
    active?.forget(client.id);
    return client;
  });
  route(app, clientResetSecretEndpoint, async ({ params, principal, t, reply }) => {
    const reset = await resetClientSecret(db, principal, params.id);
    // Its sessions ended: their access tokens stop on this instance now.
    active?.forget(reset.client.id);
    reply.header('cache-control', 'no-store');
    return { ...reset, message: t(am.secretReset) };
  });
}
