// Creating shipments: the single send form (v1) and the wizard (v2, several parcels). Both check
// the same shared rules, resolve the same delivery target and partner, and number every parcel
// from the database sequences.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ShipmentCreateParsed } from '../../../shared/contract/shipments.ts';
import type { WizardShipmentParsed } from '../../../shared/contract/shipments-wizard.ts';
import type { DeliveryMethod, Product } from '../../../shared/domain/enums.ts';
import { normalizePhone } from '../../../shared/domain/phone.ts';
import { normalizePostalCode } from '../../../shared/domain/postal-codes.ts';
import { makeS10 } from '../../../shared/domain/s10.ts';
import { checkShipmentRules, defaultProduct, type ProductsMap, type RuleErrors } from '../../../shared/domain/shipment-rules.ts';
import { checkWizardRules } from '../../../shared/domain/wizard-rules.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { shipmentMessages } from '../../../shared/i18n/shipment-messages.ts';
import { serverMessages } from '../../../shared/i18n/server-messages.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { pickupAddressClients, pickupAddresses, shipmentEvents, shipments } from '../../db/schema.ts';
import { ApiError } from '../../http-errors.ts';
import type { Principal } from '../auth/access-tokens.ts';
import { clientInfo, findClientById } from '../auth/clients.service.ts';
import { findActivePoint, type PickupPointRow } from '../pickup-points/pickup-points.service.ts';
import { choosePartner, type RoutedPartner } from './partner-routing.ts';
import { toShipment } from './shipment-mapper.ts';

/** The carrier issues S10 numbers as a Slovak operator. */
const S10_COUNTRY = 'SK';
/** S10 service indicators: C parcels, L tracked letters, U untracked letters with a barcode. */
const S10_SERVICE: Record<Product, string> = { PRM: 'CP', RTN: 'CR', TRC: 'LX', UTR: 'UA' };

type NewShipment = typeof shipments.$inferInsert;

function ruleError(fields: RuleErrors) {
  return new ApiError(422, 'validation_failed', messages.invalidRequest, { fields });
}

/** Adds a message id once: the database checks and the shared rules may both report one. */
function addError(errors: RuleErrors, field: string, id: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(id)) list.push(id);
}

/** Item and S10 tracking numbers for `count` new shipments of one product. */
export async function nextNumbers(db: Db, product: Product, count: number) {
  const rows = await queryRows<{ item: string; serial: string }>(
    db,
    sql`select nextval('item_number_seq')::text as item, nextval('tracking_serial_seq')::text as serial from generate_series(1, ${count})`,
  );
  if (rows.length !== count) throw new Error('sequences did not answer');
  return rows.map((row) => ({
    itemNumber: `PP${row.item.padStart(10, '0')}`,
    trackingNumber: makeS10(S10_SERVICE[product], Number(row.serial), S10_COUNTRY),
  }));
}

export async function productsOf(db: Db, principal: Principal): Promise<ProductsMap> {
  const client = await findClientById(db, principal.clientId);
  if (!client || !client.enabled) throw new ApiError(401, 'unauthorized', messages.unauthorized);
  return (await clientInfo(db, client)).products;
}

/**
 * A live pickup address of the caller's company, or null (another company's counts as missing, and
 * so does a deleted one: it only stays for the shipments that already name it).
 */
async function ownPickupAddress(db: Db, principal: Principal, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.id, id), eq(pickupAddresses.companyId, principal.companyId), isNull(pickupAddresses.deletedAt)));
  return row?.id ?? null;
}

/** The single form names no pickup address: the client's first assigned live one, else the company's first live one. */
export async function defaultPickupAddress(db: Db, principal: Principal): Promise<string | null> {
  const [assigned] = await db
    .select({ id: pickupAddresses.id })
    .from(pickupAddressClients)
    .innerJoin(pickupAddresses, eq(pickupAddresses.id, pickupAddressClients.pickupAddressId))
    .where(and(eq(pickupAddressClients.clientId, principal.clientId), eq(pickupAddresses.companyId, principal.companyId), isNull(pickupAddresses.deletedAt)))
    .orderBy(asc(pickupAddresses.createdAt), asc(pickupAddresses.id))
    .limit(1);
  if (assigned) return assigned.id;
  const [any] = await db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.companyId, principal.companyId), isNull(pickupAddresses.deletedAt)))
    .orderBy(asc(pickupAddresses.createdAt), asc(pickupAddresses.id))
    .limit(1);
  return any?.id ?? null;
}

/**
 * A parcel-point shipment needs an active point of the destination country; the point's type is
 * the delivery method (a locker chosen under "pickup_point" still goes to the locker).
 */
async function deliveryTarget(db: Db, input: { delivery_method: DeliveryMethod; pickup_point_id?: string | null | undefined; receiver_country: string }, errors: RuleErrors) {
  if (input.delivery_method === 'home_delivery') return { deliveryMethod: input.delivery_method, point: undefined };
  if (!input.pickup_point_id) {
    addError(errors, 'pickup_point_id', shipmentMessages.pickupPointRequired.id);
    return { deliveryMethod: input.delivery_method, point: undefined };
  }
  const found = await findActivePoint(db, input.pickup_point_id);
  const point: PickupPointRow | undefined = found?.country === input.receiver_country ? found : undefined;
  if (!point) addError(errors, 'pickup_point_id', serverMessages.pickupPointUnavailable.id);
  return { deliveryMethod: point?.type ?? input.delivery_method, point };
}

/** Receiver columns, normalised (the rules have checked that postal code and phone normalise). */
function receiverColumns(input: ShipmentCreateParsed | WizardShipmentParsed) {
  const country = input.receiver_country;
  return {
    receiverCompanyName: input.receiver_company_name || null,
    receiverVatNumber: input.receiver_vat_number || null,
    // The wizard may name only the company; the label then addresses the company.
    receiverName: input.receiver_name || input.receiver_company_name || '',
    receiverAddressLine1: input.receiver_address_line_1,
    receiverAddressNumber: input.receiver_address_number || null,
    receiverAddressLine2: input.receiver_address_line_2 || null,
    receiverCity: input.receiver_city,
    receiverPostalCode: normalizePostalCode(country, input.receiver_postal_code) ?? input.receiver_postal_code,
    receiverCountry: country,
    receiverRegion: input.receiver_region || null,
    receiverPhone: normalizePhone(input.receiver_phone, country) ?? input.receiver_phone,
    receiverEmail: input.receiver_email,
  };
}

async function route(db: Db, target: { country: string; product: Product; deliveryMethod: DeliveryMethod; pickupAddressId: string | null; point: PickupPointRow | undefined }): Promise<RoutedPartner> {
  const partner = await choosePartner(db, { ...target, pointPartnerId: target.point?.partnerId });
  if (!partner) throw ruleError({ delivery_method: [serverMessages.noPartner.id] });
  return partner;
}

async function insertAll(db: Db, principal: Principal, rows: NewShipment[]) {
  return db.transaction(async (tx) => {
    const created = await tx.insert(shipments).values(rows).returning();
    await tx.insert(shipmentEvents).values(created.map((s) => ({ shipmentId: s.id, status: 'CREATED', source: 'portal', clientId: principal.clientId })));
    return created;
  });
}

/** The columns of a shipment made from the single send form's payload (the form and imports), numbers aside. */
export function formShipmentColumns(
  input: ShipmentCreateParsed,
  target: { principal: Principal; pickupAddressId: string | null; partner: RoutedPartner; product: Product; deliveryMethod: DeliveryMethod; pointId: string | null },
): Omit<NewShipment, 'itemNumber' | 'trackingNumber'> {
  // One literal naming every key: a spread followed by more keys, or Object.assign onto the
  // receiver's object, leaves V8 a dictionary-mode object whose every read is a hash lookup
  // (an import reads each of ~35 columns of 100,000 rows to write them).
  const receiver = receiverColumns(input);
  return {
    receiverCompanyName: receiver.receiverCompanyName,
    receiverVatNumber: receiver.receiverVatNumber,
    receiverName: receiver.receiverName,
    receiverAddressLine1: receiver.receiverAddressLine1,
    receiverAddressNumber: receiver.receiverAddressNumber,
    receiverAddressLine2: receiver.receiverAddressLine2,
    receiverCity: receiver.receiverCity,
    receiverPostalCode: receiver.receiverPostalCode,
    receiverCountry: receiver.receiverCountry,
    receiverRegion: receiver.receiverRegion,
    receiverPhone: receiver.receiverPhone,
    receiverEmail: receiver.receiverEmail,
    referenceNumber: input.reference_number || null,
    companyId: target.principal.companyId,
    clientId: target.principal.clientId,
    pickupAddressId: target.pickupAddressId,
    partnerId: target.partner.id,
    partnerName: target.partner.name,
    product: target.product,
    deliveryMethod: target.deliveryMethod,
    goodsType: input.goods_type,
    pickupPointId: target.pointId,
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
  };
}

/** POST /api/v1/shipments/store: one shipment from the single send form. */
export async function createShipment(db: Db, principal: Principal, input: ShipmentCreateParsed) {
  const products = await productsOf(db, principal);
  const country = input.receiver_country;
  const errors: RuleErrors = {};
  const { deliveryMethod, point } = await deliveryTarget(db, input, errors);
  for (const [field, ids] of Object.entries(checkShipmentRules({ ...input, delivery_method: deliveryMethod }, products))) {
    for (const id of ids) addError(errors, field, id);
  }
  if (Object.keys(errors).length > 0) throw ruleError(errors);

  const product = (input.product ?? defaultProduct(products, country)) as Product;
  const pickupAddressId = input.pickup_address_id ? await ownPickupAddress(db, principal, input.pickup_address_id) : await defaultPickupAddress(db, principal);
  if (input.pickup_address_id && !pickupAddressId) throw ruleError({ pickup_address_id: [shipmentMessages.pickupAddressInvalid.id] });
  const partner = await route(db, { country, product, deliveryMethod, pickupAddressId, point });
  const [numbers] = await nextNumbers(db, product, 1);
  const [row] = await insertAll(db, principal, [
    { ...numbers!, ...formShipmentColumns(input, { principal, pickupAddressId, partner, product, deliveryMethod, pointId: point?.id ?? null }) },
  ]);
  return toShipment(row!);
}

/**
 * POST /api/v2/shipments/store: the wizard's submission. Each parcel becomes a shipment (its own
 * item number, S10 tracking number and label) under one consignment number, the first parcel's
 * item number. COD and insurance belong to the consignment and are carried by its first parcel,
 * so a manifest's COD total counts them once.
 */
export async function createWizardShipments(db: Db, principal: Principal, input: WizardShipmentParsed) {
  const products = await productsOf(db, principal);
  const country = input.receiver_country;
  const errors: RuleErrors = {};

  const pickupAddressId = await ownPickupAddress(db, principal, input.pickup_address_id);
  if (!pickupAddressId) addError(errors, 'pickup_address_id', shipmentMessages.pickupAddressInvalid.id);
  const { deliveryMethod, point } = await deliveryTarget(db, input, errors);
  for (const [field, ids] of Object.entries(checkWizardRules({ ...input, delivery_method: deliveryMethod }, products))) {
    for (const id of ids) addError(errors, field, id);
  }
  if (Object.keys(errors).length > 0) throw ruleError(errors);

  const product = input.product;
  const partner = await route(db, { country, product, deliveryMethod, pickupAddressId, point });
  const numbers = await nextNumbers(db, product, input.parcels.length);
  const consignmentNumber = numbers[0]!.itemNumber;
  const receiver = receiverColumns(input);
  const rows = await insertAll(
    db,
    principal,
    input.parcels.map((parcel, index) => ({
      ...numbers[index]!,
      ...receiver,
      consignmentNumber,
      parcelReference: parcel.reference_number,
      referenceNumber: input.reference_number,
      labelSenderName: input.label_sender_name,
      companyId: principal.companyId,
      clientId: principal.clientId,
      pickupAddressId,
      partnerId: partner.id,
      partnerName: partner.name,
      product,
      deliveryMethod,
      goodsType: input.goods_type,
      pickupPointId: point?.id ?? null,
      weight: parcel.weight,
      width: parcel.width,
      height: parcel.height,
      length: parcel.length,
      quantity: parcel.quantity,
      fragile: parcel.fragile,
      hsTariffCode: parcel.hs_tariff_code || null,
      unitValue: parcel.unit_value ?? null,
      countryOrigin: parcel.country_origin ?? null,
      codAmount: index === 0 ? (input.cod_amount ?? null) : null,
      insurance: index === 0 ? (input.insurance ?? null) : null,
      content: input.content,
      info: input.info || null,
    })),
  );
  return { consignmentNumber, shipments: rows.map((row) => toShipment(row)) };
}
