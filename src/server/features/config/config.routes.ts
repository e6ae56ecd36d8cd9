import type { FastifyInstance } from 'fastify';
import { appConfigEndpoint, type AppConfig } from '#shared/contract/app-config.ts';
import { route } from '#server/http/route.ts';

/** GET /api/v1/config: what the web app needs to know of this installation's settings. */
export async function configRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  route(app, appConfigEndpoint, async () => config);
}
