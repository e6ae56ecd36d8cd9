// Admin: the delivery partners and their public tracking page template (tracking links).
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { partnerListEndpoint, partnerUpdateEndpoint } from '#shared/contract/tracking.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { partners } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import { route } from '#server/http/route.ts';
import { changedFields, recordAudit } from '../audit/public.ts';
import { trackingChanged } from './tracking-changes.ts';

const columns = { id: partners.id, code: partners.code, name: partners.name, tracking_url_template: partners.trackingUrlTemplate };

export async function adminPartnerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, partnerListEndpoint, async () => db.select(columns).from(partners).orderBy(asc(partners.id)));

  route(app, partnerUpdateEndpoint, async ({ params, body, principal }) => {
    // A lookup links the partner's page: every cached lookup of the partner's parcels is stale.
    // The change is audited under no company (the carrier's network), like the partner's keys.
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select({ tracking_url_template: partners.trackingUrlTemplate }).from(partners).where(eq(partners.id, params.id)).for('update');
      if (!before) return undefined;
      const [row] = await tx.update(partners).set({ trackingUrlTemplate: body.tracking_url_template }).where(eq(partners.id, params.id)).returning(columns);
      if (!row) return undefined;
      await trackingChanged(tx, 'all');
      const changed = changedFields(before, { tracking_url_template: row.tracking_url_template });
      if (Object.keys(changed.after).length > 0) {
        await recordAudit(tx, { actor: principal, companyId: null, entity: 'partner', entityId: String(row.id), action: 'update', ...changed });
      }
      return row;
    });
    if (!updated) throw new ApiError(404, 'not_found', serverMessages.notFound);
    return updated;
  });
}
