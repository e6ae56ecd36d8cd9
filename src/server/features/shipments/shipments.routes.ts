import type { FastifyInstance } from 'fastify';
import { wizardStoreEndpoint } from '#shared/contract/shipments-wizard.ts';
import {
  dimensionsEndpoint,
  shipmentBulkDeleteEndpoint,
  shipmentDeleteEndpoint,
  shipmentDetailEndpoint,
  shipmentListEndpoint,
  shipmentStoreEndpoint,
  type Shipment,
} from '#shared/contract/shipments.ts';
import { sizeLimits } from '#shared/domain/shipment-rules.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { ApiError } from '#server/http-errors.ts';
import { route } from '#server/http/route.ts';
import { beforeCommit } from '#server/plugins/idempotency.ts';
import { createShipment, createWizardShipments, type WizardShipments } from './shipment-creation.ts';
import { deleteShipment, deleteShipments, getShipment, listShipments } from './shipments.service.ts';
import type { TargetCache } from './target-cache.ts';

/** `targets`: the instance's cache of what a new shipment is checked against (target-cache.ts). */
export async function shipmentRoutes(app: FastifyInstance, { db, targets }: { db: Db; targets: TargetCache }) {
  // The answer is stored with the Idempotency-Key in the transaction that creates the shipments.
  route(app, shipmentStoreEndpoint, async ({ principal, body, t, request, reply }) => {
    const answer = (shipment: Shipment) => ({ message: t(serverMessages.shipmentCreated), shipment });
    return answer(await createShipment(db, principal, body, beforeCommit(request, reply, answer), targets));
  });

  route(app, wizardStoreEndpoint, async ({ principal, body, t, request, reply }) => {
    const answer = (created: WizardShipments) => ({ message: t(serverMessages.shipmentCreated), consignment_number: created.consignmentNumber, shipments: created.shipments });
    return answer(await createWizardShipments(db, principal, body, beforeCommit(request, reply, answer), targets));
  });

  route(app, shipmentListEndpoint, async ({ scope, query }) => listShipments(db, scope, query));

  route(app, dimensionsEndpoint, async ({ query }) => {
    const limits = sizeLimits(query.country, query.product, query.delivery_type);
    if (!limits) throw new ApiError(404, 'not_found', serverMessages.dimensionsNotFound);
    return { height: limits.maxHeight, width: limits.maxWidth, length: limits.maxLength };
  });

  route(app, shipmentDetailEndpoint, async ({ scope, params }) => getShipment(db, scope, params.item_number));

  route(app, shipmentDeleteEndpoint, async ({ scope, params, t }) => {
    const itemNumber = await deleteShipment(db, scope, params.item_number);
    return { message: t(shipmentMessages.shipmentsDeleted), item_numbers: [itemNumber] };
  });

  route(app, shipmentBulkDeleteEndpoint, async ({ scope, body, t }) => {
    const deleted = await deleteShipments(db, scope, body.item_numbers);
    return { message: t(shipmentMessages.shipmentsDeleted), item_numbers: deleted };
  });
}
