// Shipments: creation with numbers and partner routing, the scoped list, detail and deletion.
// Scoping is here, not in the routes: a USER only ever reads or changes its company's rows,
// and another company's shipment answers exactly like a missing one.
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ShipmentCreateParsed, ShipmentListFilters } from '../../../shared/contract/shipments.ts';
import type { Product } from '../../../shared/domain/enums.ts';
import { makeS10 } from '../../../shared/domain/s10.ts';
import { checkShipmentRules, defaultProduct } from '../../../shared/domain/shipment-rules.ts';
import { normalizePhone } from '../../../shared/domain/phone.ts';
import { normalizePostalCode } from '../../../shared/domain/postal-codes.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { clients, companies, pickupAddressClients, pickupAddresses, shipmentEvents, shipments } from '../../db/schema.ts';
import { ApiError } from '../../http-errors.ts';
import type { Principal } from '../auth/access-tokens.ts';
import { clientInfo, findClientById } from '../auth/clients.service.ts';
import { findActivePoint } from '../pickup-points/pickup-points.service.ts';
import { choosePartner } from './partner-routing.ts';
import { toShipment, type ShipmentRow } from './shipment-mapper.ts';

/** The carrier issues S10 numbers as a Slovak operator. */
const S10_COUNTRY = 'SK';
/** S10 service indicators: C parcels, L tracked letters, U untracked letters with a barcode. */
const S10_SERVICE: Record<Product, string> = { PRM: 'CP', RTN: 'CR', TRC: 'LX', UTR: 'UA' };
/** Calendar days of the date filters are those of the carrier's home time zone. */
const TIME_ZONE = 'Europe/Bratislava';

const notFound = () => new ApiError(404, 'not_found', messages.notFound);
const isAdmin = (p: Principal) => p.role === 'ADMIN';

function ruleError(fields: Record<string, string[]>) {
  return new ApiError(422, 'validation_failed', messages.invalidRequest, { fields });
}

async function nextNumbers(db: Db, product: Product) {
  const [row] = await queryRows<{ item: string; serial: string }>(
    db,
    sql`select nextval('item_number_seq')::text as item, nextval('tracking_serial_seq')::text as serial`,
  );
  if (!row) throw new Error('sequences did not answer');
  return {
    itemNumber: `PP${row.item.padStart(10, '0')}`,
    trackingNumber: makeS10(S10_SERVICE[product], Number(row.serial), S10_COUNTRY),
  };
}

/** The pickup address a shipment leaves from: the one named (of the caller's company), else the client's first. */
async function resolvePickupAddress(db: Db, principal: Principal, requested: string | null | undefined): Promise<string | null> {
  if (requested) {
    const [row] = await db
      .select({ id: pickupAddresses.id })
      .from(pickupAddresses)
      .where(and(eq(pickupAddresses.id, requested), eq(pickupAddresses.companyId, principal.companyId)));
    if (!row) throw ruleError({ pickup_address_id: [messages.invalidValue.id] });
    return row.id;
  }
  const [assigned] = await db
    .select({ id: pickupAddresses.id })
    .from(pickupAddressClients)
    .innerJoin(pickupAddresses, eq(pickupAddresses.id, pickupAddressClients.pickupAddressId))
    .where(eq(pickupAddressClients.clientId, principal.clientId))
    .orderBy(asc(pickupAddresses.createdAt))
    .limit(1);
  if (assigned) return assigned.id;
  const [any] = await db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(eq(pickupAddresses.companyId, principal.companyId))
    .orderBy(asc(pickupAddresses.createdAt))
    .limit(1);
  return any?.id ?? null;
}

export async function createShipment(db: Db, principal: Principal, input: ShipmentCreateParsed) {
  const client = await findClientById(db, principal.clientId);
  if (!client || !client.enabled) throw new ApiError(401, 'unauthorized', messages.unauthorized);
  const { products } = await clientInfo(db, client);

  const country = input.receiver_country;
  // A parcel-point shipment needs an active point of the destination country; the point's type
  // is the delivery method (a locker chosen under "pickup_point" still goes to the locker).
  const wantsPoint = input.delivery_method !== 'home_delivery';
  const found = wantsPoint && input.pickup_point_id ? await findActivePoint(db, input.pickup_point_id) : undefined;
  const point = found?.country === country ? found : undefined;
  const deliveryMethod = point?.type ?? input.delivery_method;
  const errors = checkShipmentRules({ ...input, delivery_method: deliveryMethod }, products);
  if (wantsPoint && !input.pickup_point_id) {
    (errors.pickup_point_id ??= []).push(messages.pickupPointRequired.id);
  } else if (wantsPoint && !point) {
    (errors.pickup_point_id ??= []).push(messages.pickupPointUnavailable.id);
  }
  if (Object.keys(errors).length > 0) throw ruleError(errors);

  const product = (input.product ?? defaultProduct(products, country)) as Product;
  const pickupAddressId = await resolvePickupAddress(db, principal, input.pickup_address_id);
  const partner = await choosePartner(db, { country, product, deliveryMethod, pickupAddressId, pointPartnerId: point?.partnerId });
  if (!partner) throw ruleError({ delivery_method: [messages.noPartner.id] });

  const { itemNumber, trackingNumber } = await nextNumbers(db, product);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(shipments)
      .values({
        itemNumber,
        trackingNumber,
        referenceNumber: input.reference_number || null,
        companyId: principal.companyId,
        clientId: principal.clientId,
        pickupAddressId,
        partnerId: partner.id,
        partnerName: partner.name,
        product,
        deliveryMethod,
        goodsType: input.goods_type,
        receiverCompanyName: input.receiver_company_name || null,
        receiverVatNumber: input.receiver_vat_number || null,
        receiverName: input.receiver_name,
        receiverAddressLine1: input.receiver_address_line_1,
        receiverAddressNumber: input.receiver_address_number || null,
        receiverAddressLine2: input.receiver_address_line_2 || null,
        receiverCity: input.receiver_city,
        // The rules above guarantee both normalise.
        receiverPostalCode: normalizePostalCode(country, input.receiver_postal_code) ?? input.receiver_postal_code,
        receiverCountry: country,
        receiverRegion: input.receiver_region || null,
        receiverPhone: normalizePhone(input.receiver_phone, country) ?? input.receiver_phone,
        receiverEmail: input.receiver_email,
        pickupPointId: point?.id ?? null,
        weight: input.weight,
        width: input.width,
        height: input.height,
        length: input.length,
        quantity: input.quantity ?? null,
        hsTariffCode: input.hs_tariff_code || null,
        codAmount: input.cod_amount ?? null,
        insurance: input.insurance ?? null,
        content: input.content,
        info: input.info || null,
      })
      .returning();
    if (!created) throw new Error('shipment not stored');
    await tx.insert(shipmentEvents).values({ shipmentId: created.id, status: 'CREATED', source: 'portal', clientId: principal.clientId });
    return created;
  });
  return toShipment(row);
}

function listConditions(principal: Principal, q: ShipmentListFilters): SQL[] {
  const where: SQL[] = [];
  if (!isAdmin(principal)) where.push(eq(shipments.companyId, principal.companyId));
  else if (q.company_id) where.push(eq(shipments.companyId, q.company_id));
  if (q.country) where.push(eq(shipments.receiverCountry, q.country));
  if (q.status) where.push(eq(shipments.status, q.status));
  if (q.reference_number) where.push(eq(shipments.referenceNumber, q.reference_number));
  if (q.item_number) where.push(eq(shipments.itemNumber, q.item_number.toUpperCase()));
  if (q.tracking_number) where.push(eq(shipments.trackingNumber, q.tracking_number.toUpperCase()));
  if (q.delivery_method) where.push(eq(shipments.deliveryMethod, q.delivery_method));
  if (q.partner_id) where.push(eq(shipments.partnerId, q.partner_id));
  if (q.createdFrom) where.push(gte(shipments.createdAt, sql`(${q.createdFrom}::date::timestamp at time zone ${TIME_ZONE})`));
  if (q.createdTo) where.push(lt(shipments.createdAt, sql`((${q.createdTo}::date + 1)::timestamp at time zone ${TIME_ZONE})`));
  return where;
}


export async function listShipments(db: Db, principal: Principal, q: ShipmentListFilters) {
  if (!isAdmin(principal)) {
    const adminOnly = (['company_id', 'delivery_method', 'partner_id'] as const).filter((f) => q[f] !== undefined);
    if (adminOnly.length > 0) throw new ApiError(403, 'forbidden', messages.forbidden, { fields: Object.fromEntries(adminOnly.map((f) => [f, [messages.forbidden.id]])) });
  }
  const where = and(...listConditions(principal, q));
  const admin = isAdmin(principal);
  const order = [desc(shipments.createdAt), desc(shipments.id)];
  // A deeper page finds its ids first: an index-only scan over the list index skips `skip`
  // entries, and only `take` rows are then read in full (not skip + take of them).
  const pageWhere =
    q.skip > 0
      ? inArray(shipments.id, db.select({ id: shipments.id }).from(shipments).where(where).orderBy(...order).limit(q.take).offset(q.skip))
      : where;
  const list = admin
    ? await db
        .select({ row: shipments, companyName: companies.name })
        .from(shipments)
        .innerJoin(companies, eq(companies.id, shipments.companyId))
        .where(pageWhere)
        .orderBy(...order)
        .limit(q.take)
        .then((rows) => rows.map((r) => toShipment(r.row, { company_name: r.companyName })))
    : await db
        .select()
        .from(shipments)
        .where(pageWhere)
        .orderBy(...order)
        .limit(q.take)
        .then((rows) => rows.map((row) => toShipment(row)));
  // A page that is neither full nor empty is the last one: it tells the exact count. Counting
  // (index-only, with the same conditions) is only needed otherwise.
  if (list.length > 0 && list.length < q.take) return { shipments: list, count: q.skip + list.length };
  if (list.length === 0 && q.skip === 0) return { shipments: list, count: 0 };
  const [total] = await db.select({ value: count() }).from(shipments).where(where);
  return { shipments: list, count: total?.value ?? 0 };
}

async function findScoped(db: Db, principal: Principal, itemNumber: string): Promise<ShipmentRow | undefined> {
  const scope = isAdmin(principal) ? [] : [eq(shipments.companyId, principal.companyId)];
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.itemNumber, itemNumber.trim().toUpperCase()), ...scope));
  return row;
}

export async function getShipment(db: Db, principal: Principal, itemNumber: string) {
  const row = await findScoped(db, principal, itemNumber);
  if (!row) throw notFound();
  if (!isAdmin(principal)) return toShipment(row);
  const [owner] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, row.clientId));
  return toShipment(row, { client_name: owner?.name ?? '' });
}

/**
 * Marks shipments DELETED (kept for history), all or nothing: when any named shipment is
 * missing, another company's, or no longer CREATED, nothing changes and the answer names them.
 */
export async function deleteShipments(db: Db, principal: Principal, itemNumbers: string[]): Promise<string[]> {
  const wanted = [...new Set(itemNumbers.map((n) => n.trim().toUpperCase()))];
  return db.transaction(async (tx) => {
    const scope = isAdmin(principal) ? [] : [eq(shipments.companyId, principal.companyId)];
    const rows = await tx
      .select({ id: shipments.id, itemNumber: shipments.itemNumber, status: shipments.status })
      .from(shipments)
      .where(and(inArray(shipments.itemNumber, wanted), ...scope))
      .for('update');
    const deletable = new Map(rows.filter((r) => r.status === 'CREATED').map((r) => [r.itemNumber, r.id]));
    const refused = wanted.filter((n) => !deletable.has(n));
    if (refused.length > 0) {
      throw new ApiError(400, 'invalid_request', messages.notDeletable, { values: { items: refused.join(', ') }, fields: { item_numbers: refused } });
    }
    const ids = [...deletable.values()];
    await tx.update(shipments).set({ status: 'DELETED', updatedAt: new Date() }).where(inArray(shipments.id, ids));
    await tx.insert(shipmentEvents).values(ids.map((id) => ({ shipmentId: id, status: 'DELETED', source: 'portal', clientId: principal.clientId })));
    return wanted;
  });
}

/** A single delete: 404 when it is not the caller's to see, 400 when it is no longer CREATED. */
export async function deleteShipment(db: Db, principal: Principal, itemNumber: string): Promise<string> {
  const row = await findScoped(db, principal, itemNumber);
  if (!row) throw notFound();
  await deleteShipments(db, principal, [row.itemNumber]);
  return row.itemNumber;
}
