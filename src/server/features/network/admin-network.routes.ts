// Admin: the delivery network page — partners with their services, feed keys and counts.
import type { FastifyInstance } from 'fastify';
import {
  networkPartnersEndpoint,
  partnerKeyCreateEndpoint,
  partnerKeyRevokeEndpoint,
  partnerKeysEndpoint,
  partnerServicesEndpoint,
  partnerServicesUpdateEndpoint,
} from '#shared/contract/admin-network.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { createPartnerKey, listNetworkPartners, listPartnerKeys, revokePartnerKey } from './network.service.ts';
import { partnerServicesGrid, replacePartnerServices } from './partner-services.service.ts';

export async function adminNetworkRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, networkPartnersEndpoint, async () => listNetworkPartners(db));

  route(app, partnerServicesEndpoint, async ({ params }) => partnerServicesGrid(db, params.id));
  route(app, partnerServicesUpdateEndpoint, async ({ params, body, principal }) => replacePartnerServices(db, principal, params.id, body));

  route(app, partnerKeysEndpoint, async ({ params }) => listPartnerKeys(db, params.id));
  route(app, partnerKeyCreateEndpoint, async ({ params, principal }) => createPartnerKey(db, principal, params.id));
  route(app, partnerKeyRevokeEndpoint, async ({ params, principal }) => revokePartnerKey(db, principal, params.id, params.keyId));
}
