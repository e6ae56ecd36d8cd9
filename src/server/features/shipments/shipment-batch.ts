// Many shipments at once, for imports: the single send form's rules for each row, and the
// creation of the valid ones in a few statements (one numbers query per product, one insert of
// shipments, one of events) instead of a round trip per row. The partner routing and the
// pickup-point lookups are cached or batched: a file repeats the same few combinations.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { ShipmentCreateParsed } from '../../../shared/contract/shipments.ts';
import type { DeliveryMethod, Product } from '../../../shared/domain/enums.ts';
import { checkShipmentRules, defaultProduct, productsFor, type ProductsMap, type RuleErrors } from '../../../shared/domain/shipment-rules.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { pickupAddresses, pickupPoints, shipmentEvents, shipments } from '../../db/schema.ts';
import type { Principal } from '../auth/access-tokens.ts';
import { choosePartner, type RoutedPartner } from './partner-routing.ts';
import { defaultPickupAddress, formShipmentColumns, nextNumbers, productsOf } from './shipment-creation.ts';

type NewShipment = typeof shipments.$inferInsert;
type PointRow = typeof pickupPoints.$inferSelect;
const COLUMNS = getTableColumns(shipments);

export interface BatchContext {
  principal: Principal;
  products: ProductsMap;
  defaultPickupAddressId: string | null;
  companyPickupAddressIds: ReadonlySet<string>;
  partners: Map<string, Promise<RoutedPartner | null>>;
}

export async function batchContext(db: Db, principal: Principal): Promise<BatchContext> {
  const [products, defaultAddress, addresses] = await Promise.all([
    productsOf(db, principal),
    defaultPickupAddress(db, principal),
    db.select({ id: pickupAddresses.id }).from(pickupAddresses).where(eq(pickupAddresses.companyId, principal.companyId)),
  ]);
  return { principal, products, defaultPickupAddressId: defaultAddress, companyPickupAddressIds: new Set(addresses.map((a) => a.id)), partners: new Map() };
}

export interface BatchRow {
  rowNumber: number;
  input: ShipmentCreateParsed;
}

export interface PreparedBatch {
  /** Ready to insert, numbers aside. */
  valid: Array<{ rowNumber: number; product: Product; values: Omit<NewShipment, 'itemNumber' | 'trackingNumber'> }>;
  /** Field (payload name) -> message ids, per row number. */
  failed: Array<{ rowNumber: number; errors: RuleErrors }>;
}

function route(db: Db, context: BatchContext, target: { country: string; product: Product; deliveryMethod: DeliveryMethod; pickupAddressId: string | null; pointPartnerId?: number | undefined }) {
  const key = `${target.country}|${target.product}|${target.deliveryMethod}|${target.pickupAddressId ?? ''}|${target.pointPartnerId ?? ''}`;
  let partner = context.partners.get(key);
  if (!partner) {
    partner = choosePartner(db, target);
    context.partners.set(key, partner);
  }
  return partner;
}

/** Checks every row with the single form's rules (the database ones included) and prepares the valid ones. */
export async function prepareBatch(db: Db, context: BatchContext, rows: readonly BatchRow[]): Promise<PreparedBatch> {
  const pointIds = [...new Set(rows.map((r) => r.input.pickup_point_id?.trim().toUpperCase()).filter((id): id is string => !!id))];
  const points = new Map<string, PointRow>();
  if (pointIds.length > 0) {
    for (const point of await db.select().from(pickupPoints).where(and(inArray(pickupPoints.id, pointIds), eq(pickupPoints.active, true)))) points.set(point.id, point);
  }

  const prepared: PreparedBatch = { valid: [], failed: [] };
  for (const { rowNumber, input } of rows) {
    const errors: RuleErrors = {};
    const add = (field: string, id: string) => (errors[field] ??= []).push(id);
    const country = input.receiver_country;

    // A parcel point decides the delivery method (its network's type); one is needed for those methods.
    let deliveryMethod: DeliveryMethod = input.delivery_method;
    let point: PointRow | undefined;
    const pointId = input.pickup_point_id?.trim().toUpperCase();
    if (pointId) {
      point = points.get(pointId);
      if (!point || point.country !== country) add('pickup_point_id', messages.pickupPointUnavailable.id);
      else deliveryMethod = point.type;
    } else if (deliveryMethod !== 'home_delivery') {
      add('pickup_point_id', messages.pickupPointRequired.id);
    }

    // A file names no product on most rows: parcels (PRM) where the contract has them, else the form's default.
    const product = (input.product ?? (productsFor(context.products, country).includes('PRM') ? 'PRM' : defaultProduct(context.products, country))) as Product;
    for (const [field, ids] of Object.entries(checkShipmentRules({ ...input, product, delivery_method: deliveryMethod }, context.products))) ids.forEach((id) => add(field, id));

    let pickupAddressId = context.defaultPickupAddressId;
    if (input.pickup_address_id) {
      if (context.companyPickupAddressIds.has(input.pickup_address_id)) pickupAddressId = input.pickup_address_id;
      else add('pickup_address_id', messages.pickupAddressInvalid.id);
    }
    if (Object.keys(errors).length === 0) {
      const partner = await route(db, context, { country, product, deliveryMethod, pickupAddressId, pointPartnerId: point?.partnerId });
      if (!partner) add('delivery_method', messages.noPartner.id);
      else {
        prepared.valid.push({
          rowNumber,
          product,
          values: formShipmentColumns(input, { principal: context.principal, pickupAddressId, partner, product, deliveryMethod, pointId: point?.id ?? null }),
        });
        continue;
      }
    }
    prepared.failed.push({ rowNumber, errors });
  }
  return prepared;
}

/**
 * Inserts the prepared shipments of an import with their numbers and CREATED events. A row
 * already created for this import (a resumed job) is skipped by the (import_id, import_row) key,
 * so no row is ever created twice. Run inside the caller's transaction. Answers how many were new.
 */
export async function insertBatch(db: Db, principal: Principal, importId: string, valid: PreparedBatch['valid']): Promise<number> {
  if (valid.length === 0) return 0;
  const byProduct = new Map<Product, typeof valid>();
  for (const row of valid) byProduct.set(row.product, [...(byProduct.get(row.product) ?? []), row]);
  const values: NewShipment[] = [];
  for (const [product, rows] of byProduct) {
    const numbers = await nextNumbers(db, product, rows.length);
    rows.forEach((row, index) => values.push({ ...row.values, ...numbers[index]!, importId, importRow: row.rowNumber }));
  }
  values.sort((a, b) => (a.importRow ?? 0) - (b.importRow ?? 0));
  // One JSON parameter read by jsonb_to_recordset, and the CREATED events in the same statement:
  // a multi-row VALUES of ~40 columns per row costs far more to build and bind (a 1,000-row chunk
  // took ~0.5 s in Drizzle's query builder alone).
  const columns = Object.keys(values[0]!).map((key) => COLUMNS[key as keyof typeof COLUMNS]);
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const record = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const rows = values.map((value) => Object.fromEntries(Object.entries(value).map(([key, v]) => [COLUMNS[key as keyof typeof COLUMNS].name, v])));
  const created = await queryRows<{ n: number }>(
    db,
    sql`with created as (
          insert into ${shipments} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${record})
          on conflict (import_id, import_row) do nothing returning id
        ), events as (
          insert into ${shipmentEvents} (shipment_id, status, source, client_id) select id, 'CREATED', 'import', ${principal.clientId}::uuid from created returning 1
        ) select count(*)::int as n from events`,
  );
  const inserted = created[0]?.n ?? 0;
  return inserted;
}

