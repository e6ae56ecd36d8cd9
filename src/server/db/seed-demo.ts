// Demo data for an empty database: the delivery partners, two client companies with pickup
// addresses and products, and three demo accounts. Never for production data.
import type { DeliveryMethod, PartnerCode, Product } from '../../shared/domain/enums.ts';
import { PARTNERS } from '../../shared/domain/enums.ts';
import { PARCEL_POINT_COUNTRIES, COUNTRY_CODES } from '../../shared/domain/countries.ts';
import { hashSecret } from '../features/auth/passwords.ts';
import type { Db } from './client.ts';
import {
  bankAccounts,
  clients,
  companies,
  companyProducts,
  partnerServices,
  partners,
  pickupAddressClients,
  pickupAddresses,
  pickupAddressPartners,
  pickupPoints,
} from './schema.ts';
import { DEMO_PICKUP_POINTS } from './seed-pickup-points.ts';

export const DEMO_ACCOUNTS = [
  { clientId: 'demo-admin', secret: 'demo-admin-secret', role: 'ADMIN' },
  { clientId: 'demo-user', secret: 'demo-user-secret', role: 'USER' },
  { clientId: 'demo-user-2', secret: 'demo-user-2-secret', role: 'USER' },
] as const;

const PARTNER_ROWS: Array<{ code: PartnerCode; name: string; priority: number }> = [
  { code: 'POSTONE', name: 'PostOne', priority: 3 },
  { code: 'POST_AT', name: 'Austrian Post', priority: 8 },
  { code: 'SPS', name: 'Slovak Parcel Service', priority: 9 },
  { code: 'POST_HU', name: 'Hungarian Post', priority: 8 },
  { code: 'UNTRACKED', name: 'Untracked letter mail', priority: 1 },
  { code: 'ONE_CZ', name: 'One CZ', priority: 9 },
  { code: 'POST_PL', name: 'Polish Post', priority: 8 },
  { code: 'KAAB', name: 'KAAB Customs Express', priority: 7 },
];

type Service = { partner: PartnerCode; country: string; product: Product; method: DeliveryMethod };

/** Which partner serves what: national networks at home, PostOne as the European fallback. */
function partnerServiceRows(): Service[] {
  const rows: Service[] = [];
  const national: Array<[PartnerCode, string]> = [['SPS', 'SK'], ['ONE_CZ', 'CZ'], ['POST_HU', 'HU'], ['POST_PL', 'PL'], ['POST_AT', 'AT']];
  for (const [partner, country] of national) {
    for (const product of ['PRM', 'TRC', 'RTN'] as const) rows.push({ partner, country, product, method: 'home_delivery' });
    if ((PARCEL_POINT_COUNTRIES as readonly string[]).includes(country)) {
      for (const method of ['parcel_locker', 'pickup_point', 'other_pudo'] as const) rows.push({ partner, country, product: 'PRM', method });
    }
  }
  for (const country of COUNTRY_CODES) {
    rows.push({ partner: 'UNTRACKED', country, product: 'UTR', method: 'home_delivery' });
    if (['CH', 'GB', 'NO', 'LI'].includes(country)) {
      for (const product of ['PRM', 'TRC'] as const) rows.push({ partner: 'KAAB', country, product, method: 'home_delivery' });
    }
    for (const product of ['PRM', 'TRC', 'RTN'] as const) rows.push({ partner: 'POSTONE', country, product, method: 'home_delivery' });
  }
  return rows;
}

const products = (countries: string[], list: Product[]) => countries.flatMap((country) => list.map((product) => ({ country, product })));

/** True when it seeded; false when the database already had data. */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return false;

  const [adminSecret, userSecret, user2Secret] = await Promise.all(DEMO_ACCOUNTS.map((a) => hashSecret(a.secret)));

  await db.transaction(async (tx) => {
    await tx.insert(partners).values(PARTNER_ROWS.map((p) => ({ id: PARTNERS[p.code], ...p }))).onConflictDoNothing();
    await tx
      .insert(partnerServices)
      .values(partnerServiceRows().map((s) => ({ partnerId: PARTNERS[s.partner], country: s.country, product: s.product, deliveryMethod: s.method })))
      .onConflictDoNothing();
    await tx.insert(pickupPoints).values(DEMO_PICKUP_POINTS).onConflictDoNothing();

    const [carrier, greenGarden, bohemia] = await tx
      .insert(companies)
      .values([
        {
          name: 'Parcel Portal Operations s.r.o.', street: 'Prievozská 4', city: 'Bratislava', zip: '821 09', country: 'SK',
          companyIdentificationNumber: '50123456', taxIdentificationNumber: '2120123456', vatIdentificationNumber: 'SK2120123456', isCarrier: true,
        },
        {
          name: 'Zelená Záhrada s.r.o.', street: 'Hlinská 25', city: 'Žilina', zip: '010 01', country: 'SK',
          companyIdentificationNumber: '47258369', taxIdentificationNumber: '2023456789', vatIdentificationNumber: 'SK2023456789',
          invoiceStreet: 'Hlinská 25', invoiceCity: 'Žilina', invoiceZip: '010 01', invoiceCountry: 'SK',
        },
        {
          name: 'Bohemia Books s.r.o.', street: 'Cejl 62', city: 'Brno', zip: '602 00', country: 'CZ',
          companyIdentificationNumber: '07654321', taxIdentificationNumber: 'CZ07654321', vatIdentificationNumber: 'CZ07654321',
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
  });
  return true;
}
