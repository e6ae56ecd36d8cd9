// Shared by the shipments API tests: a valid send-form payload, a creation helper and real
// points of the pickup-point directory.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Shipment } from '#shared/contract/shipments.ts';
import type { PointType } from '#shared/domain/pickup-points.ts';
import type { Db } from '#server/db/client.ts';
import { pickupPoints } from '#server/db/schema.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A valid single-form payload: a PRM parcel delivered home in Bratislava. */
export function shipmentPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_method: 'home_delivery',
    product: 'PRM',
    receiver_name: 'Ján Novák',
    receiver_address_line_1: 'Obchodná',
    receiver_address_number: '12',
    receiver_city: 'Bratislava',
    receiver_postal_code: '81101',
    receiver_country: 'SK',
    receiver_phone: '0905 123 456',
    receiver_email: 'jan.novak@example.com',
    weight: 1.25,
    width: 30,
    height: 20,
    length: 10,
    content: 'Garden seeds',
    ...overrides,
  };
}

export function postShipment(app: FastifyInstance, token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v1/shipments/store', headers: { ...bearer(token), ...headers }, payload });
}

/** Creates a shipment and answers it; fails the test unless the server answers 201. */
export async function createShipment(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}): Promise<Shipment> {
  const res = await postShipment(app, token, shipmentPayload(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ shipment: Shipment }>().shipment;
}

/** The id of an active point of the pickup-point directory (seeded with the demo data). */
export async function pointId(db: Db, country: string, type: PointType, active = true): Promise<string> {
  const [point] = await db
    .select({ id: pickupPoints.id })
    .from(pickupPoints)
    .where(and(eq(pickupPoints.country, country), eq(pickupPoints.type, type), eq(pickupPoints.active, active)))
    .orderBy(pickupPoints.id)
    .limit(1);
  if (!point) throw new Error(`the pickup-point directory has no ${active ? 'active' : 'inactive'} ${country} ${type}`);
  return point.id;
}

/** A real Slovak parcel locker of the directory. */
export const slovakLockerId = (db: Db) => pointId(db, 'SK', 'parcel_locker');

/** One parcel of a wizard submission: 2.5 kg, 40 × 30 × 20 cm. */
export function wizardParcel(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { weight: 2.5, width: 40, height: 30, length: 20, reference_number: 'BOX-1', ...overrides };
}

/**
 * A valid wizard payload (POST /api/v2/shipments/store): two PRM parcels delivered home in
 * Bratislava from `pickupAddressId`, with COD and insurance.
 */
export function wizardPayload(pickupAddressId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    delivery_method: 'home_delivery',
    product: 'PRM',
    pickup_address_id: pickupAddressId,
    reference_number: 'ORDER-2024-001',
    label_sender_name: 'Zelená Záhrada',
    content: 'Garden tools',
    receiver_name: 'Ján Novák',
    receiver_address_line_1: 'Obchodná',
    receiver_address_number: '12',
    receiver_city: 'Bratislava',
    receiver_postal_code: '81101',
    receiver_country: 'SK',
    receiver_phone: '0905 123 456',
    receiver_email: 'jan.novak@example.com',
    cod_amount: 49.9,
    insurance: 200,
    parcels: [wizardParcel({ reference_number: 'BOX-1' }), wizardParcel({ weight: 1.2, width: 30, height: 20, length: 15, reference_number: 'BOX-2' })],
    ...overrides,
  };
}

export function postWizard(app: FastifyInstance, token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/v2/shipments/store', headers: { ...bearer(token), ...headers }, payload });
}
