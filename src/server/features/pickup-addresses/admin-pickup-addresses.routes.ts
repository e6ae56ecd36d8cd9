// Admin: pickup addresses, their partner assignments, partner candidates and priorities.
import type { FastifyInstance } from 'fastify';
import {
  partnerAssignEndpoint,
  partnerCandidatesEndpoint,
  partnerPriorityEndpoint,
  partnerUnassignEndpoint,
  pickupAddressDeleteEndpoint,
  pickupAddressSaveEndpoint,
} from '#shared/contract/admin-pickup-addresses.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { assignPartner, deletePickupAddress, partnerCandidates, savePickupAddress, setPartnerPriority, unassignPartner } from './admin-pickup-addresses.service.ts';

export async function adminPickupAddressRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, pickupAddressSaveEndpoint, async ({ params, body, principal }) => savePickupAddress(db, principal, params.companyId, body));
  route(app, pickupAddressDeleteEndpoint, async ({ params, principal, t }) => ({ message: t(await deletePickupAddress(db, principal, params.id)) }));
  route(app, partnerAssignEndpoint, async ({ params, query, principal }) => assignPartner(db, principal, params.id, query));
  route(app, partnerUnassignEndpoint, async ({ params, query, principal }) => unassignPartner(db, principal, params.id, query));
  route(app, partnerCandidatesEndpoint, async ({ query }) => partnerCandidates(db, query));
  route(app, partnerPriorityEndpoint, async ({ body, principal }) => setPartnerPriority(db, principal, body.partnerId, body.priority));
}
