// Which delivery partner carries a shipment: to a parcel point, the partner whose network the
// point belongs to; else the pickup address's preferred partner for the country + product
// (+ delivery method, when the preference names one), else the partner with the highest
// priority that serves the combination.
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { DeliveryMethod, Product } from '#shared/domain/enums.ts';
import type { Db } from '#server/db/client.ts';
import { partnerServices, partners, pickupAddressPartners } from '#server/db/schema.ts';

export interface RoutedPartner {
  id: number;
  name: string;
}

export async function choosePartner(
  db: Db,
  target: { country: string; product: Product; deliveryMethod: DeliveryMethod; pickupAddressId: string | null; pointPartnerId?: number | undefined },
): Promise<RoutedPartner | null> {
  const serves = and(
    eq(partnerServices.partnerId, partners.id),
    eq(partnerServices.country, target.country),
    eq(partnerServices.product, target.product),
    eq(partnerServices.deliveryMethod, target.deliveryMethod),
  );
  if (target.pointPartnerId !== undefined) {
    // Only the network that runs the point can deliver to it.
    const [network] = await db
      .select({ id: partners.id, name: partners.name })
      .from(partners)
      .innerJoin(partnerServices, serves)
      .where(eq(partners.id, target.pointPartnerId))
      .limit(1);
    return network ?? null;
  }
  if (target.pickupAddressId) {
    // A preference naming the delivery method wins over one for any method.
    const [preferred] = await db
      .select({ id: partners.id, name: partners.name })
      .from(pickupAddressPartners)
      .innerJoin(partners, eq(partners.id, pickupAddressPartners.partnerId))
      .innerJoin(partnerServices, serves)
      .where(
        and(
          eq(pickupAddressPartners.pickupAddressId, target.pickupAddressId),
          eq(pickupAddressPartners.country, target.country),
          eq(pickupAddressPartners.product, target.product),
          or(eq(pickupAddressPartners.deliveryMethod, target.deliveryMethod), isNull(pickupAddressPartners.deliveryMethod)),
        ),
      )
      .orderBy(pickupAddressPartners.deliveryMethod)
      .limit(1);
    if (preferred) return preferred;
  }
  const [best] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .innerJoin(partnerServices, serves)
    .orderBy(desc(partners.priority), partners.id)
    .limit(1);
  return best ?? null;
}
