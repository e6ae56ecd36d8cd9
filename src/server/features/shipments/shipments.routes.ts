import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  bulkDeleteSchema,
  deleteResultSchema,
  dimensionsQuerySchema,
  dimensionsSchema,
  shipmentCreatedSchema,
  shipmentCreateSchema,
  shipmentListQuerySchema,
  shipmentListSchema,
  shipmentSchema,
} from '../../../shared/contract/shipments.ts';
import { wizardShipmentCreatedSchema, wizardShipmentSchema } from '../../../shared/contract/shipments-wizard.ts';
import { sizeLimits } from '../../../shared/domain/shipment-rules.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http-errors.ts';
import { translatorForHeader } from '../../i18n.ts';
import { requirePrincipal } from '../../plugins/auth.ts';
import { createShipment, createWizardShipments } from './shipment-creation.ts';
import { deleteShipment, deleteShipments, getShipment, listShipments } from './shipments.service.ts';

const itemParams = z.object({ item_number: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) });

export async function shipmentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/shipments/store',
    { config: { idempotent: true }, schema: { body: shipmentCreateSchema, response: { 201: shipmentCreatedSchema } } },
    async (request, reply) => {
      const shipment = await createShipment(db, requirePrincipal(request), request.body);
      const t = translatorForHeader(request.headers['accept-language']);
      return reply.status(201).send({ message: t(messages.shipmentCreated), shipment });
    },
  );

  r.post(
    '/api/v2/shipments/store',
    { config: { idempotent: true }, schema: { body: wizardShipmentSchema, response: { 201: wizardShipmentCreatedSchema } } },
    async (request, reply) => {
      const created = await createWizardShipments(db, requirePrincipal(request), request.body);
      const t = translatorForHeader(request.headers['accept-language']);
      return reply.status(201).send({ message: t(messages.shipmentCreated), consignment_number: created.consignmentNumber, shipments: created.shipments });
    },
  );

  r.get('/api/v1/shipments', { schema: { querystring: shipmentListQuerySchema, response: { 200: shipmentListSchema } } }, async (request) =>
    listShipments(db, requirePrincipal(request), request.query),
  );

  r.get('/api/v1/shipments/dimensions', { schema: { querystring: dimensionsQuerySchema, response: { 200: dimensionsSchema } } }, async (request) => {
    const { country, product, delivery_type } = request.query;
    const limits = sizeLimits(country, product, delivery_type);
    if (!limits) throw new ApiError(404, 'not_found', messages.dimensionsNotFound);
    return { height: limits.maxHeight, width: limits.maxWidth, length: limits.maxLength };
  });

  r.get('/api/v1/shipments/:item_number', { schema: { params: itemParams, response: { 200: shipmentSchema } } }, async (request) =>
    getShipment(db, requirePrincipal(request), request.params.item_number),
  );

  r.delete('/api/v1/shipments/:item_number', { schema: { params: itemParams, response: { 200: deleteResultSchema } } }, async (request) => {
    const itemNumber = await deleteShipment(db, requirePrincipal(request), request.params.item_number);
    const t = translatorForHeader(request.headers['accept-language']);
    return { message: t(messages.shipmentsDeleted), item_numbers: [itemNumber] };
  });

  r.delete('/api/v1/shipments', { schema: { body: bulkDeleteSchema, response: { 200: deleteResultSchema } } }, async (request) => {
    const deleted = await deleteShipments(db, requirePrincipal(request), request.body.item_numbers);
    const t = translatorForHeader(request.headers['accept-language']);
    return { message: t(messages.shipmentsDeleted), item_numbers: deleted };
  });
}
