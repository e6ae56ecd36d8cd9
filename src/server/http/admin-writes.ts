// Caches of what administrators change (profiles, the reference data a new shipment is checked
// against) forget everything when an administrator's write succeeds on this instance; another
// instance's caches see it within their own time bound.
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** A cache that can drop everything it keeps. */
export interface ForgetsAll {
  forgetAll(): void;
}

/**
 * Every administrator's write registered after this call (a route of the endpoint table with
 * access 'admin' and a method other than GET or HEAD) empties `caches` when it succeeds, before its
 * answer leaves (the change has committed by then). A hook on those routes only: other requests
 * pay nothing for it.
 */
export function forgetOnAdminWrites(app: FastifyInstance, ...caches: ForgetsAll[]): void {
  const forget: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) for (const cache of caches) cache.forgetAll();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.config?.access !== 'admin' || methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    route.onSend = [...[route.onSend ?? []].flat(), forget];
  });
}
