import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, type AppConfig } from '../../../shared/contract/app-config.ts';

/** GET /api/v1/config: what the web app needs to know of this installation's settings. */
export async function configRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/config', { schema: { response: { 200: appConfigSchema } } }, async () => config);
}
