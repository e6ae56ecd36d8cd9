// Demo data for an empty database: the delivery partners (with demo tracking pages), two client
// companies with pickup addresses and products, three demo accounts, a demo feed key of SPS and,
// when asked, demo-user's parcels along their way. Never for production data.
import { eq, inArray, sql } from 'drizzle-orm';
import { shipmentCreateSchema } from '#shared/contract/shipments.ts';
import type { PartnerCode, Product, ShipmentStatus } from '#shared/domain/enums.ts';
import { PARTNERS } from '#shared/domain/enums.ts';
import type { TrackingEventCode } from '#shared/domain/tracking-events.ts';
import type { Principal } from '../features/auth/access-tokens.ts';
import { hashSecret } from '../features/auth/passwords.ts';
import { createShipment } from '../features/shipments/shipment-creation.ts';
import { queryRows, type Db } from './client.ts';
import {
  appSettings,
  bankAccounts,
  clients,
  companies,
  companyProducts,
  manifests,
  partnerKeys,
  partners,
  pickupAddressClients,
  pickupAddresses,
  pickupAddressPartners,
  pickupPoints,
  shipmentEvents,
  shipments,
} from './schema.ts';
import { DEMO_PICKUP_POINTS } from './seed-pickup-points.ts';

export const DEMO_ACCOUNTS = [
  { clientId: 'demo-admin', secret: 'demo-admin-secret', role: 'ADMIN' },
  { clientId: 'demo-user', secret: 'demo-user-secret', role: 'USER' },
  { clientId: 'demo-user-2', secret: 'demo-user-2-secret', role: 'USER' },
] as const;

/**
 * The demo feed key of SPS, for trying POST /api/v1/partner/events (README, "Partner event
 * feed"). Demo data only: its secret is public, never use it in production.
 */
export const DEMO_PARTNER_KEY = { id: 'pk_demo_sps', partner: 'SPS', secret: 'demo-sps-feed-secret-never-use-in-production' } as const;

/** Demo partners' tracking pages point at example.com (a reserved, harmless address). */
const DEMO_TRACKING_PAGES: Partial<Record<PartnerCode, string>> = {
  POSTONE: 'https://example.com/track/postone?parcel={tracking_number}',
  SPS: 'https://example.com/track/sps?parcel={tracking_number}',
  ONE_CZ: 'https://example.com/track/one-cz?parcel={tracking_number}',
};

/** app_settings key written with the demo data: a database is seeded once. */
const DEMO_MARKER = 'demo_data_seeded';

const products = (countries: string[], list: Product[]) => countries.flatMap((country) => list.map((product) => ({ country, product })));

/**
 * True when it seeded; false when the database already had data. `shipments` adds demo-user's
 * parcels along their way (tracking timelines); off by default because the API tests count the
 * shipments they create on top of this seed.
 */
export async function seedDemo(db: Db, options: { shipments?: boolean } = {}): Promise<boolean> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return false;

  const [adminSecret, userSecret, user2Secret] = await Promise.all(DEMO_ACCOUNTS.map((a) => hashSecret(a.secret)));

  const seeded = await db.transaction(async (tx) => {
    // Once per database, even when two processes seed at once outside main.ts's start-up lock:
    // the first to insert the marker seeds; the other waits for its commit, then finds it.
    const [claimed] = await tx.insert(appSettings).values({ key: DEMO_MARKER, value: '1' }).onConflictDoNothing().returning({ key: appSettings.key });
    if (!claimed) return null;
    // The partners and their services are reference data (reference-data.ts); the demo adds pages and a feed key.
    for (const [code, template] of Object.entries(DEMO_TRACKING_PAGES)) {
      await tx.update(partners).set({ trackingUrlTemplate: template }).where(eq(partners.code, code));
    }
    await tx.insert(partnerKeys).values({ id: DEMO_PARTNER_KEY.id, partnerId: PARTNERS[DEMO_PARTNER_KEY.partner], secret: DEMO_PARTNER_KEY.secret }).onConflictDoNothing();
    await tx.insert(pickupPoints).values(DEMO_PICKUP_POINTS).onConflictDoNothing();

    const [carrier, greenGarden, bohemia] = await tx
      .insert(companies)
      .values([
        {
          name: 'Parcel Portal Operations s.r.o.', street: 'Prievozská 4', city: 'Bratislava', zip: '821 09', country: 'SK',
          companyIdentificationNumber: '50123459', taxIdentificationNumber: '2120123456', vatIdentificationNumber: 'SK2120123456', isCarrier: true,
        },
        {
          name: 'Zelená Záhrada s.r.o.', street: 'Hlinská 25', city: 'Žilina', zip: '010 01', country: 'SK',
          companyIdentificationNumber: '47258365', taxIdentificationNumber: '2023456787', vatIdentificationNumber: 'SK2023456787',
          invoiceStreet: 'Hlinská 25', invoiceCity: 'Žilina', invoiceZip: '010 01', invoiceCountry: 'SK',
        },
        {
          name: 'Bohemia Books s.r.o.', street: 'Cejl 62', city: 'Brno', zip: '602 00', country: 'CZ',
          companyIdentificationNumber: '07654324', taxIdentificationNumber: 'CZ07654324', vatIdentificationNumber: 'CZ07654324',
        },
      ])
      .returning();
    if (!carrier || !greenGarden || !bohemia) throw new Error('demo companies not created');

    await tx.insert(companyProducts).values([
      ...products(['SK', 'CZ', 'PL', 'HU'], ['PRM', 'TRC']),
      ...products(['DE', 'AT'], ['TRC', 'UTR']),
      ...products(['CH', 'GB'], ['TRC']),
      ...products(['SK', 'HU'], ['RTN']),
    ].map((p) => ({ companyId: greenGarden.id, ...p })));
    await tx.insert(companyProducts).values([
      ...products(['CZ', 'SK'], ['PRM', 'TRC']),
      ...products(['DE'], ['TRC']),
    ].map((p) => ({ companyId: bohemia.id, ...p })));

    await tx.insert(bankAccounts).values([
      { companyId: greenGarden.id, iban: 'SK3112000000198742637541', swift: 'SUBASKBX', bulkPaymentMode: true },
      { companyId: bohemia.id, iban: 'CZ6508000000192000145399', swift: 'GIBACZPX', bulkPaymentMode: false },
    ]);

    const [admin, user, user2] = await tx
      .insert(clients)
      .values([
        { companyId: carrier.id, clientId: 'demo-admin', secretHash: adminSecret!, name: 'Martina Kováčová', email: 'admin@demo.invalid', phone: '+421902111222', role: 'ADMIN' },
        { companyId: greenGarden.id, clientId: 'demo-user', secretHash: userSecret!, name: 'Peter Horváth', email: 'peter.horvath@demo.invalid', phone: '+421905123456', role: 'USER' },
        { companyId: bohemia.id, clientId: 'demo-user-2', secretHash: user2Secret!, name: 'Jana Nováková', email: 'jana.novakova@demo.invalid', phone: '+420602345678', role: 'USER' },
      ])
      .returning();
    if (!admin || !user || !user2) throw new Error('demo clients not created');

    const [warehouse, office, brno] = await tx
      .insert(pickupAddresses)
      .values([
        { companyId: greenGarden.id, contactPerson: 'Peter Horváth', street: 'Priemyselná 12', zip: '010 01', city: 'Žilina', country: 'SK', email: 'sklad@demo.invalid', phone: '+421415550101', regularPickup: true, pickupDays: 1 | 4 | 16 },
        { companyId: greenGarden.id, contactPerson: 'Lucia Bieliková', street: 'Mlynské nivy 48', zip: '821 09', city: 'Bratislava', country: 'SK', email: 'office@demo.invalid', phone: '+421225550102', regularPickup: false, pickupDays: 0 },
        { companyId: bohemia.id, contactPerson: 'Jana Nováková', street: 'Vídeňská 105', zip: '619 00', city: 'Brno', country: 'CZ', email: 'expedice@demo.invalid', phone: '+420545550103', regularPickup: true, pickupDays: 31 },
      ])
      .returning();
    if (!warehouse || !office || !brno) throw new Error('demo pickup addresses not created');

    await tx.insert(pickupAddressClients).values([
      { pickupAddressId: warehouse.id, clientId: user.id },
      { pickupAddressId: office.id, clientId: user.id },
      { pickupAddressId: brno.id, clientId: user2.id },
    ]);
    await tx.insert(pickupAddressPartners).values([
      { pickupAddressId: warehouse.id, partnerId: PARTNERS.SPS, country: 'SK', product: 'PRM', deliveryMethod: null },
      { pickupAddressId: warehouse.id, partnerId: PARTNERS.ONE_CZ, country: 'CZ', product: 'PRM', deliveryMethod: 'parcel_locker' },
      { pickupAddressId: warehouse.id, partnerId: PARTNERS.POSTONE, country: 'DE', product: 'TRC', deliveryMethod: null },
      { pickupAddressId: brno.id, partnerId: PARTNERS.ONE_CZ, country: 'CZ', product: 'PRM', deliveryMethod: null },
    ]);
    return { admin, user, warehouse };
  });
  if (!seeded) return false;
  if (options.shipments) {
    await seedDemoJourneys(db, { clientId: seeded.user.id, companyId: seeded.user.companyId, role: 'USER' }, seeded.admin.id, seeded.warehouse.id);
  }
  return true;
}

type Step = readonly [code: TrackingEventCode, hoursAgo: number, location?: string];

/**
 * demo-user's parcels to Slovakia (SPS from the Žilina warehouse), each as far as its status:
 * handed over on a manifest, scanned at the depot, sent, then what SPS reported.
 */
const DEMO_JOURNEYS: Array<{ receiver: { name: string; street: string; number: string; city: string; zip: string }; status: ShipmentStatus; steps: Step[] }> = [
  {
    receiver: { name: 'Demo Recipient One', street: 'Hlavná', number: '48', city: 'Košice', zip: '040 01' },
    status: 'SENT',
    steps: [['MANIFESTED', 124], ['ARRIVED', 118, 'Žilina depot'], ['SENT', 116, 'Žilina depot'], ['IN_TRANSIT', 110, 'SPS Senec hub'], ['OUT_FOR_DELIVERY', 99, 'SPS Košice'], ['DELIVERED', 94, 'Košice']],
  },
  {
    receiver: { name: 'Demo Recipient Two', street: 'Štefánikova', number: '7', city: 'Nitra', zip: '949 01' },
    status: 'SENT',
    steps: [['MANIFESTED', 124], ['ARRIVED', 118, 'Žilina depot'], ['SENT', 116, 'Žilina depot'], ['IN_TRANSIT', 108, 'SPS Senec hub'], ['OUT_FOR_DELIVERY', 76, 'SPS Nitra'], ['DELIVERY_FAILED', 70, 'Nitra'], ['AT_PICKUP_POINT', 52, 'SPS pickup point Nitra Centrum']],
  },
  {
    receiver: { name: 'Demo Recipient Three', street: 'Obchodná', number: '12', city: 'Bratislava', zip: '811 06' },
    status: 'SENT',
    steps: [['MANIFESTED', 52], ['ARRIVED', 46, 'Žilina depot'], ['SENT', 44, 'Žilina depot'], ['IN_TRANSIT', 30, 'SPS Senec hub'], ['OUT_FOR_DELIVERY', 3, 'SPS Bratislava']],
  },
  {
    receiver: { name: 'Demo Recipient Four', street: 'Hlavná', number: '3', city: 'Trnava', zip: '917 01' },
    status: 'SENT',
    steps: [['MANIFESTED', 52], ['ARRIVED', 46, 'Žilina depot'], ['SENT', 20, 'Žilina depot']],
  },
  {
    receiver: { name: 'Demo Recipient Five', street: 'Námestie SNP', number: '15', city: 'Banská Bystrica', zip: '974 01' },
    status: 'ARRIVED',
    steps: [['MANIFESTED', 26], ['ARRIVED', 5, 'Žilina depot']],
  },
];

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function seedDemoJourneys(db: Db, user: Principal, adminId: string, pickupAddressId: string) {
  await db.transaction(async (tx) => {
    const byManifestTime = new Map<number, number[]>();
    for (const journey of DEMO_JOURNEYS) {
      const { receiver, steps } = journey;
      const payload = shipmentCreateSchema.parse({
        delivery_method: 'home_delivery', product: 'PRM', pickup_address_id: pickupAddressId,
        receiver_name: receiver.name, receiver_address_line_1: receiver.street, receiver_address_number: receiver.number,
        receiver_city: receiver.city, receiver_postal_code: receiver.zip, receiver_country: 'SK',
        receiver_phone: '+421900000000', receiver_email: 'recipient@demo.invalid',
        weight: 2.4, width: 30, height: 20, length: 40, content: 'Garden tools', reference_number: 'DEMO-TRACKING',
      });
      const created = await createShipment(tx, user, payload);
      const [row] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.itemNumber, created.item_number));
      const shipmentId = row!.id;
      const createdAt = hoursAgo(steps[0]![1] + 20);
      await tx.update(shipments).set({ status: journey.status, createdAt, updatedAt: hoursAgo(steps.at(-1)![1]) }).where(eq(shipments.id, shipmentId));
      await tx.update(shipmentEvents).set({ occurredAt: createdAt, recordedAt: createdAt }).where(eq(shipmentEvents.shipmentId, shipmentId));
      await tx.insert(shipmentEvents).values(
        steps.map(([code, ago, location], i) => {
          const fromPartner = !['MANIFESTED', 'ARRIVED', 'SENT'].includes(code);
          return {
            shipmentId,
            status: code,
            occurredAt: hoursAgo(ago),
            recordedAt: hoursAgo(ago),
            source: fromPartner ? `partner:${DEMO_PARTNER_KEY.partner}` : code === 'MANIFESTED' ? 'portal' : 'depot',
            clientId: fromPartner ? null : code === 'MANIFESTED' ? user.clientId : adminId,
            location: location ?? null,
            partnerEventId: fromPartner ? `DEMO-${created.tracking_number}-${i}` : null,
          };
        }),
      );
      const manifestedAgo = steps[0]![1];
      byManifestTime.set(manifestedAgo, [...(byManifestTime.get(manifestedAgo) ?? []), shipmentId]);
    }
    // One hand-over manifest per pickup run, as the manifests page would have made them.
    for (const [ago, ids] of byManifestTime) {
      const [{ id }] = (await queryRows<{ id: string }>(tx, sql`select 'MF' || lpad(nextval('manifest_number_seq')::text, 10, '0') as id`)) as [{ id: string }];
      await tx.insert(manifests).values({
        id, companyId: user.companyId, clientId: user.clientId, pickupAddressId, partnerId: PARTNERS.SPS, partnerName: 'Slovak Parcel Service',
        shipmentCount: ids.length, createdAt: hoursAgo(ago),
      });
      await tx.update(shipments).set({ manifestId: id }).where(inArray(shipments.id, ids));
    }
    // The journeys' delivery status from the events written above (migration 0021's function).
    await tx.execute(sql`select shipment_tracking_status_rebuild()`);
  });
}
