// Admin: the delivery partners and their public tracking page template (tracking links). ADMIN is
// enforced for /api/v1/admin/* by the auth plugin.
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { partnerListSchema, partnerSchema, partnerUpdateSchema } from '../../../shared/contract/tracking.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';
import { ApiError } from '../../http-errors.ts';

const partnerParams = z.object({
  id: z.coerce.number({ error: messages.invalidValue.id }).check(z.int(messages.invalidValue.id), z.gte(1, messages.invalidValue.id), z.lte(2_147_483_647, messages.invalidValue.id)),
});

const columns = { id: partners.id, code: partners.code, name: partners.name, tracking_url_template: partners.trackingUrlTemplate };

export async function adminPartnerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/admin/partners', { schema: { response: { 200: partnerListSchema } } }, async () =>
    db.select(columns).from(partners).orderBy(asc(partners.id)),
  );

  r.patch(
    '/api/v1/admin/partners/:id',
    { schema: { params: partnerParams, body: partnerUpdateSchema, response: { 200: partnerSchema } } },
    async (request) => {
      const [updated] = await db
        .update(partners)
        .set({ trackingUrlTemplate: request.body.tracking_url_template })
        .where(eq(partners.id, request.params.id))
        .returning(columns);
      if (!updated) throw new ApiError(404, 'not_found', messages.notFound);
      return updated;
    },
  );
}
