// Where a new shipment goes and who carries it: its delivery point, delivery method, product,
// pickup address and partner. One owner for the send form (v1), the wizard (v2) and imports, so
// that the same input gets the same target whichever way it arrives:
// - a pickup point is used when the delivery method asks for one (not for home delivery); its id
//   is trimmed and upper-cased, it must be an active point of the destination country whose
//   partner serves it, and its type decides the method (a locker chosen as "pickup point" is a
//   locker);
// - a shipment that names no product is a parcel (PRM) where the contract has it for the
//   country, else the form's default (TRC, else the first product);
// - a named pickup address must be a live one of the caller's own company; none named: the
//   client's first assigned live address, else the company's first;
// - the partner: partner-routing.ts (the point's network, else the address's preference, else
//   the highest priority), remembered per combination (a file repeats the same few).
import { and, asc, isNull, sql } from 'drizzle-orm';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import { defaultProduct, productsFor, type ProductsMap, type RuleErrors } from '#shared/domain/shipment-rules.ts';
import { shipmentMessages } from '#shared/i18n/shipment-messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import { companyScope, type CompanyScope } from '#server/company-scope.ts';
import type { Db } from '#server/db/client.ts';
import { readTogether } from '#server/db/read-together.ts';
import { pickupAddressClients, pickupAddresses } from '#server/db/schema.ts';
import { messages } from '#shared/i18n/messages.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { enabledClientProducts } from '../auth/public.ts';
import { findActivePoints, type PickupPointRow } from '../pickup-points/public.ts';
import { choosePartner, type RoutedPartner } from './partner-routing.ts';
import type { ClientTargets, TargetCache } from './target-cache.ts';

/** What the caller may ship with, read once per request or import. */
export interface TargetContext {
  scope: CompanyScope;
  /** The client's products (country -> products). */
  products: ProductsMap;
  /** The pickup address of a shipment that names none. */
  defaultPickupAddressId: string | null;
  /** The live pickup addresses of the caller's company: the ones a new shipment may leave from. */
  pickupAddressIds: ReadonlySet<string>;
  /** Partner routing per country, product, method, address and point network. */
  partners: Map<string, Promise<RoutedPartner | null>>;
  /** This instance's cache of the routing (the send form and the wizard; target-cache.ts). */
  cache?: TargetCache | undefined;
}

/** The fields of a payload (form, wizard or import row) that decide its target. */
export interface TargetInput {
  receiver_country: string;
  delivery_method: DeliveryMethod;
  product?: Product | null | undefined;
  pickup_point_id?: string | null | undefined;
  pickup_address_id?: string | null | undefined;
}

export interface ShipmentTarget {
  product: Product;
  deliveryMethod: DeliveryMethod;
  /** The chosen point (parcel-point methods only). */
  point: PickupPointRow | undefined;
  pickupAddressId: string | null;
  partner: RoutedPartner;
}

export type TargetResult = { ok: true; target: ShipmentTarget } | { ok: false; errors: RuleErrors };

/**
 * The country and product rules of the payload (the form's or the wizard's), checked with the
 * product and delivery method it gets.
 */
export type TargetRules<I> = (input: I) => RuleErrors;

/** A pickup point's id as the directory keeps it. */
export function pointKey(id: string | null | undefined): string | undefined {
  const key = id?.trim().toUpperCase();
  return key ? key : undefined;
}

/** The product of a shipment that names none: PRM where the contract has it, else the form's default. */
export function unnamedProduct(products: ProductsMap, country: string): Product | undefined {
  return productsFor(products, country).includes('PRM') ? 'PRM' : defaultProduct(products, country);
}

/** A client disabled since its token was issued may not create anything. */
function enabledProducts(products: ProductsMap | null): ProductsMap {
  if (!products) throw new ApiError(401, 'unauthorized', messages.unauthorized);
  return products;
}

/**
 * The live pickup addresses of the caller's company, oldest first, and the default of a shipment
 * that names none: the client's first assigned one, else the company's first. One query.
 */
async function pickupAddressesOf(db: Db, scope: CompanyScope): Promise<ClientTargets['addresses']> {
  const rows = await db
    .select({
      id: pickupAddresses.id,
      assigned: sql<boolean>`exists (select 1 from ${pickupAddressClients} where ${pickupAddressClients.pickupAddressId} = ${pickupAddresses.id} and ${pickupAddressClients.clientId} = ${scope.principal.clientId})`,
    })
    .from(pickupAddresses)
    // Live addresses only: a deleted one stays for the shipments that name it, never for new ones.
    .where(and(scope.own(pickupAddresses.companyId), isNull(pickupAddresses.deletedAt)))
    .orderBy(asc(pickupAddresses.createdAt), asc(pickupAddresses.id));
  return { ids: new Set(rows.map((row) => row.id)), defaultId: (rows.find((row) => row.assigned) ?? rows[0])?.id ?? null };
}

/** `cache`: this instance's cache of the reads (target-cache.ts); none reads them now. */
export async function targetContext(db: Db, principal: Principal, cache?: TargetCache): Promise<TargetContext> {
  const scope = companyScope(principal);
  const read = async (): Promise<ClientTargets> => {
    // At once on the pool; one after another when called inside a transaction (the demo seed).
    const [products, addresses] = await readTogether(db, [() => enabledClientProducts(db, principal.clientId), () => pickupAddressesOf(db, scope)]);
    return { products, addresses };
  };
  const { products, addresses } = await (cache ? cache.client(principal.clientId, read) : read());
  return { scope, products: enabledProducts(products), defaultPickupAddressId: addresses.defaultId, pickupAddressIds: addresses.ids, partners: new Map(), cache };
}

function routed(
  db: Db,
  context: TargetContext,
  target: { country: string; product: Product; deliveryMethod: DeliveryMethod; pickupAddressId: string | null; pointPartnerId?: number | undefined },
) {
  const key = `${target.country}|${target.product}|${target.deliveryMethod}|${target.pickupAddressId ?? ''}|${target.pointPartnerId ?? ''}`;
  let partner = context.partners.get(key);
  if (!partner) {
    partner = context.cache ? context.cache.partner(key, () => choosePartner(db, target)) : choosePartner(db, target);
    context.partners.set(key, partner);
  }
  return partner;
}

/**
 * The targets of many payloads at once (the points of all of them in one query), each with the
 * errors of its point, its rules and its pickup address together, or its target when it has none.
 * Each input is completed in place with the product and delivery method it gets (an import checks
 * 100,000 rows: no copy of each), so the caller's rules and columns read them from it.
 */
export async function resolveTargets<I extends TargetInput>(db: Db, context: TargetContext, inputs: readonly I[], rules: TargetRules<I>): Promise<TargetResult[]> {
  const wanted = new Set<string>();
  for (const input of inputs) {
    const key = input.delivery_method === 'home_delivery' ? undefined : pointKey(input.pickup_point_id);
    if (key) wanted.add(key);
  }
  const points = new Map<string, PickupPointRow>();
  // The directory's one rule (active, and its partner still serves it).
  for (const point of await findActivePoints(db, [...wanted])) points.set(point.id, point);

  const results: TargetResult[] = [];
  for (const payload of inputs) {
    // The same object, typed by what is decided here (the caller's rules read the whole payload).
    const input: TargetInput = payload;
    const errors: RuleErrors = {};
    const add = (field: string, id: string) => {
      const list = (errors[field] ??= []);
      if (!list.includes(id)) list.push(id);
    };
    const country = input.receiver_country;

    let point: PickupPointRow | undefined;
    if (input.delivery_method !== 'home_delivery') {
      const key = pointKey(input.pickup_point_id);
      if (!key) add('pickup_point_id', shipmentMessages.pickupPointRequired.id);
      else {
        const found = points.get(key);
        if (found?.country === country) point = found;
        else add('pickup_point_id', serverMessages.pickupPointUnavailable.id);
      }
    }
    input.delivery_method = point?.type ?? input.delivery_method;
    input.product ??= unnamedProduct(context.products, country);
    for (const [field, ids] of Object.entries(rules(payload))) for (const id of ids) add(field, id);

    let pickupAddressId = context.defaultPickupAddressId;
    if (input.pickup_address_id) {
      // Another company's address, or a deleted one, counts as missing.
      if (context.pickupAddressIds.has(input.pickup_address_id)) pickupAddressId = input.pickup_address_id;
      else add('pickup_address_id', shipmentMessages.pickupAddressInvalid.id);
    }

    const product = input.product;
    if (Object.keys(errors).length === 0 && product) {
      const deliveryMethod = input.delivery_method;
      const partner = await routed(db, context, { country, product, deliveryMethod, pickupAddressId, pointPartnerId: point?.partnerId });
      if (partner) {
        results.push({ ok: true, target: { product, deliveryMethod, point, pickupAddressId, partner } });
        continue;
      }
      add('delivery_method', serverMessages.noPartner.id);
    }
    results.push({ ok: false, errors });
  }
  return results;
}

/** One payload's target (the send form, the wizard); its errors answer 422 with the fields. */
export async function resolveTarget<I extends TargetInput>(db: Db, context: TargetContext, input: I, rules: TargetRules<I>): Promise<ShipmentTarget> {
  const [result] = await resolveTargets(db, context, [input], rules);
  if (!result?.ok) throw new ApiError(422, 'validation_failed', messages.invalidRequest, { fields: result?.errors ?? {} });
  return result.target;
}
