// What a label prints, read from the shipments, their pickup addresses and companies in a few
// queries for any number of labels. Labels print in English: the partners who read them abroad
// share no other language (README decision notes).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { codCurrency } from '#shared/domain/currencies.ts';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import type { Db } from '#server/db/client.ts';
import { companies, pickupAddresses, shipments } from '#server/db/schema.ts';
import type { CompanyScope } from '#server/company-scope.ts';
import type { LabelCaptions, LabelData, PostalAddress } from './document-types.ts';

export const LABEL_CAPTIONS: LabelCaptions = {
  from: 'From',
  to: 'To',
  weight: 'Weight',
  parcels: 'Parcels',
  cod: 'COD',
  reference: 'Ref.',
  date: 'Date',
  partner: 'Partner',
  item: 'Item',
  fragile: 'FRAGILE',
};

const PRODUCT_NAMES: Record<Product, string> = { UTR: 'Basic', TRC: 'Tracked letter', PRM: 'Parcel', RTN: 'Return' };
const METHOD_NAMES: Record<DeliveryMethod, string> = {
  home_delivery: 'Home delivery',
  parcel_locker: 'Parcel locker',
  pickup_point: 'Pickup point',
  other_pudo: 'Pickup point',
};

/** The shipment columns a label prints or needs (a quarter of a full row's bytes are never printed). */
const LABEL_COLUMNS = {
  itemNumber: shipments.itemNumber,
  trackingNumber: shipments.trackingNumber,
  referenceNumber: shipments.referenceNumber,
  parcelReference: shipments.parcelReference,
  companyId: shipments.companyId,
  pickupAddressId: shipments.pickupAddressId,
  consignmentNumber: shipments.consignmentNumber,
  labelSenderName: shipments.labelSenderName,
  createdAt: shipments.createdAt,
  receiverName: shipments.receiverName,
  receiverCompanyName: shipments.receiverCompanyName,
  receiverAddressLine1: shipments.receiverAddressLine1,
  receiverAddressNumber: shipments.receiverAddressNumber,
  receiverAddressLine2: shipments.receiverAddressLine2,
  receiverPostalCode: shipments.receiverPostalCode,
  receiverCity: shipments.receiverCity,
  receiverRegion: shipments.receiverRegion,
  receiverCountry: shipments.receiverCountry,
  receiverPhone: shipments.receiverPhone,
  product: shipments.product,
  deliveryMethod: shipments.deliveryMethod,
  pickupPointId: shipments.pickupPointId,
  partnerName: shipments.partnerName,
  weight: shipments.weight,
  codAmount: shipments.codAmount,
  fragile: shipments.fragile,
};

/**
 * Shipments read per query. PGlite answers on the main thread: 1,000 rows in one query held the
 * event loop for 100-500 ms; a chunk at a time, with a turn of the event loop between chunks, lets
 * other requests in (README note 99).
 */
const LOAD_CHUNK = 100;

type ShipmentRow = { [K in keyof typeof LABEL_COLUMNS]: (typeof shipments.$inferSelect)[K] };

export interface LabelLookup {
  /** The printable labels, by item number. */
  labels: Map<string, LabelData>;
  /** Item numbers asked for that are missing, another company's, or DELETED. */
  refused: string[];
}

/** The labels of the named shipments the caller may print (its company's; any for admins), not DELETED. */
export async function loadLabels(db: Db, scope: CompanyScope, itemNumbers: readonly string[]): Promise<LabelLookup> {
  const wanted = [...new Set(itemNumbers.map((n) => n.trim().toUpperCase()))];
  const rows: ShipmentRow[] = [];
  for (let start = 0; start < wanted.length; start += LOAD_CHUNK) {
    if (start > 0) await nextTurn();
    const chunk = wanted.slice(start, start + LOAD_CHUNK);
    rows.push(
      ...(await db
        .select(LABEL_COLUMNS)
        .from(shipments)
        .where(and(inArray(shipments.itemNumber, chunk), ne(shipments.status, 'DELETED'), scope.rows(shipments.companyId)))),
    );
  }
  const byItem = new Map(rows.map((row) => [row.itemNumber, row]));
  const refused = wanted.filter((n) => !byItem.has(n));
  if (rows.length === 0) return { labels: new Map(), refused };

  const addressIds = [...new Set(rows.map((r) => r.pickupAddressId).filter((id): id is string => !!id))];
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  const consignments = [...new Set(rows.map((r) => r.consignmentNumber).filter((n): n is string => !!n))];
  const [addresses, owners, parcels] = await Promise.all([
    addressIds.length > 0 ? db.select().from(pickupAddresses).where(inArray(pickupAddresses.id, addressIds)) : [],
    db.select().from(companies).where(inArray(companies.id, companyIds)),
    consignments.length > 0
      ? db
          .select({ itemNumber: shipments.itemNumber, consignment: shipments.consignmentNumber })
          .from(shipments)
          .where(and(inArray(shipments.consignmentNumber, consignments), isNotNull(shipments.consignmentNumber), ne(shipments.status, 'DELETED')))
          .orderBy(shipments.consignmentNumber, sql`${shipments.id}`)
      : [],
  ]);
  const addressById = new Map(addresses.map((a) => [a.id, a]));
  const companyById = new Map(owners.map((c) => [c.id, c]));
  // A wizard consignment's parcels in creation order: "2 / 3" on the second one.
  const parcelPlace = new Map<string, { index: number; count: number }>();
  const members = new Map<string, string[]>();
  for (const p of parcels) {
    const items = members.get(p.consignment!);
    if (items) items.push(p.itemNumber);
    else members.set(p.consignment!, [p.itemNumber]);
  }
  for (const items of members.values()) items.forEach((item, i) => parcelPlace.set(item, { index: i + 1, count: items.length }));

  const labels = new Map<string, LabelData>();
  for (const itemNumber of wanted) {
    const row = byItem.get(itemNumber);
    if (!row) continue;
    const company = companyById.get(row.companyId)!;
    const pickup = row.pickupAddressId ? addressById.get(row.pickupAddressId) : undefined;
    labels.set(itemNumber, toLabel(row, senderOf(row, company, pickup), parcelPlace.get(itemNumber) ?? { index: 1, count: 1 }));
  }
  return { labels, refused };
}

function senderOf(row: ShipmentRow, company: typeof companies.$inferSelect, pickup: typeof pickupAddresses.$inferSelect | undefined): PostalAddress {
  const name = row.labelSenderName || company.name;
  if (pickup) return { name, contact: pickup.contactPerson, street: pickup.street, postalCode: pickup.zip, city: pickup.city, country: pickup.country, phone: pickup.phone };
  return { name, street: company.street, postalCode: company.zip, city: company.city, country: company.country };
}

function toLabel(row: ShipmentRow, sender: PostalAddress, parcel: { index: number; count: number }): LabelData {
  const method = METHOD_NAMES[row.deliveryMethod];
  return {
    itemNumber: row.itemNumber,
    trackingNumber: row.trackingNumber ?? row.itemNumber,
    referenceNumber: row.parcelReference || row.referenceNumber,
    date: row.createdAt,
    sender,
    recipient: {
      name: row.receiverName,
      contact: row.receiverCompanyName && row.receiverCompanyName !== row.receiverName ? row.receiverCompanyName : null,
      street: row.receiverAddressLine1,
      number: row.receiverAddressNumber,
      line2: row.receiverAddressLine2,
      postalCode: row.receiverPostalCode,
      city: row.receiverCity,
      region: row.receiverRegion,
      country: row.receiverCountry,
      phone: row.receiverPhone,
    },
    product: { code: row.product, name: PRODUCT_NAMES[row.product] },
    deliveryMethod: row.pickupPointId ? `${method} ${row.pickupPointId}` : method,
    partnerName: row.partnerName,
    weightKg: row.weight,
    parcel,
    cod: row.codAmount ? { amount: row.codAmount, currency: codCurrency(row.receiverCountry) } : null,
    fragile: row.fragile,
  };
}
