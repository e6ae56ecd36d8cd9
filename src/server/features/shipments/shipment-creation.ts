// Creating shipments: the single send form (v1) and the wizard (v2, several parcels). Both check
// the same shared rules, take their target (point, method, product, pickup address, partner) from
// shipment-target.ts as imports do, and number every parcel from the database sequences. A
// caller's `beforeCommit` runs last in the transaction that inserts the shipments (the route
// stores its Idempotency-Key answer there, so the shipments and their answer commit together).
import { sql } from 'drizzle-orm';
import type { Shipment, ShipmentCreateParsed } from '#shared/contract/shipments.ts';
import type { WizardShipmentParsed } from '#shared/contract/shipments-wizard.ts';
import type { Product } from '#shared/domain/enums.ts';
import { storedPhone, storedPostalCode } from '#shared/domain/address-rules.ts';
import { makeS10 } from '#shared/domain/s10.ts';
import { checkShipmentRules } from '#shared/domain/shipment-rules.ts';
import { checkWizardRules } from '#shared/domain/wizard-rules.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import { shipmentEvents, shipments } from '#server/db/schema.ts';
import { retriedTransaction } from '#server/db/transient-conflict.ts';
import type { Principal } from '../auth/public.ts';
import { toShipment } from './shipment-mapper.ts';
import { resolveTarget, targetContext, type ShipmentTarget } from './shipment-target.ts';
import type { TargetCache } from './target-cache.ts';

/** The carrier issues S10 numbers as a Slovak operator. */
const S10_COUNTRY = 'SK';
/** S10 service indicators: C parcels, L tracked letters, U untracked letters with a barcode. */
const S10_SERVICE: Record<Product, string> = { PRM: 'CP', RTN: 'CR', TRC: 'LX', UTR: 'UA' };

type NewShipment = typeof shipments.$inferInsert;
/** The last step of the creating transaction, given what the create answers. */
type BeforeCommit<T> = (tx: Db, created: T) => Promise<void>;

/** Item and S10 tracking numbers for `count` new shipments of one product. */
export async function nextNumbers(db: Db, product: Product, count: number) {
  const rows = await queryRows<{ item: string; serial: string }>(
    db,
    sql`select nextval('item_number_seq')::text as item, nextval('tracking_serial_seq')::text as serial from generate_series(1, ${count})`,
  );
  if (rows.length !== count) throw new Error('sequences did not answer');
  return rows.map((row) => shipmentNumbers(product, row.item, Number(row.serial)));
}

/** The item and S10 tracking numbers of the sequences' values `item` and `serial`. */
export function shipmentNumbers(product: Product, item: string | number, serial: number) {
  return { itemNumber: `PP${String(item).padStart(10, '0')}`, trackingNumber: makeS10(S10_SERVICE[product], serial, S10_COUNTRY) };
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
    receiverPostalCode: storedPostalCode(country, input.receiver_postal_code),
    receiverCountry: country,
    receiverRegion: input.receiver_region || null,
    receiverPhone: storedPhone(country, input.receiver_phone),
    receiverEmail: input.receiver_email,
  };
}

/** Inserts the shipments with their CREATED events; answers `result` of the rows, which `beforeCommit` gets before the commit. */
async function insertAll<T>(db: Db, principal: Principal, rows: NewShipment[], result: (created: Array<typeof shipments.$inferSelect>) => T, beforeCommit?: BeforeCommit<T>): Promise<T> {
  return retriedTransaction(db, async (tx) => {
    const created = await tx.insert(shipments).values(rows).returning();
    await tx.insert(shipmentEvents).values(created.map((s) => ({ shipmentId: s.id, status: 'CREATED', source: 'portal', clientId: principal.clientId })));
    const answer = result(created);
    await beforeCommit?.(tx, answer);
    return answer;
  });
}

/** The columns of a shipment made from the single send form's payload (the form and imports), numbers aside. */
export function formShipmentColumns(input: ShipmentCreateParsed, { scope, target }: { scope: CompanyScope; target: ShipmentTarget }): Omit<NewShipment, 'itemNumber' | 'trackingNumber'> {
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
    companyId: scope.companyId,
    clientId: scope.principal.clientId,
    pickupAddressId: target.pickupAddressId,
    partnerId: target.partner.id,
    partnerName: target.partner.name,
    product: target.product,
    deliveryMethod: target.deliveryMethod,
    goodsType: input.goods_type,
    pickupPointId: target.point?.id ?? null,
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

/** POST /api/v1/shipments/store: one shipment from the single send form; `cache`: the instance's reference reads (target-cache.ts). */
export async function createShipment(db: Db, principal: Principal, input: ShipmentCreateParsed, beforeCommit?: BeforeCommit<Shipment>, cache?: TargetCache): Promise<Shipment> {
  const context = await targetContext(db, principal, cache);
  const target = await resolveTarget(db, context, input, (completed) => checkShipmentRules(completed, context.products));
  const [numbers] = await nextNumbers(db, target.product, 1);
  return insertAll(db, principal, [{ ...numbers!, ...formShipmentColumns(input, { scope: context.scope, target }) }], ([row]) => toShipment(row!), beforeCommit);
}

/** The wizard's shipments under their consignment number. */
export interface WizardShipments {
  consignmentNumber: string;
  shipments: Shipment[];
}

/**
 * POST /api/v2/shipments/store: the wizard's submission. Each parcel becomes a shipment (its own
 * item number, S10 tracking number and label) under one consignment number, the first parcel's
 * item number. COD and insurance belong to the consignment and are carried by its first parcel,
 * so a manifest's COD total counts them once.
 */
export async function createWizardShipments(
  db: Db,
  principal: Principal,
  input: WizardShipmentParsed,
  beforeCommit?: BeforeCommit<WizardShipments>,
  cache?: TargetCache,
): Promise<WizardShipments> {
  const context = await targetContext(db, principal, cache);
  const { product, deliveryMethod, point, pickupAddressId, partner } = await resolveTarget(db, context, input, (completed) => checkWizardRules(completed, context.products));
  const numbers = await nextNumbers(db, product, input.parcels.length);
  const consignmentNumber = numbers[0]!.itemNumber;
  const receiver = receiverColumns(input);
  return insertAll(
    db,
    principal,
    input.parcels.map((parcel, index) => ({
      ...numbers[index]!,
      ...receiver,
      consignmentNumber,
      parcelReference: parcel.reference_number || null,
      referenceNumber: input.reference_number || null,
      labelSenderName: input.label_sender_name,
      companyId: context.scope.companyId,
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
    (rows) => ({ consignmentNumber, shipments: rows.map((row) => toShipment(row)) }),
    beforeCommit,
  );
}
