// The carrier's network as reference data, not demo data: the delivery partners with the spec's
// ids and which partner serves which country, product and delivery method. Written once into
// every database (fresh, demo or production) right after the migrations; from then on admins
// change it, and a later start never undoes their changes.
import { eq } from 'drizzle-orm';
import { COUNTRY_CODES, CUSTOMS_COUNTRIES, PARCEL_POINT_COUNTRIES } from '#shared/domain/countries.ts';
import { PARTNERS, type DeliveryMethod, type PartnerCode, type Product } from '#shared/domain/enums.ts';
import type { Db } from './client.ts';
import { appSettings, partnerServices, partners } from './schema.ts';

const MARKER = 'reference_data_version';
const VERSION = '1';

export const PARTNER_ROWS: Array<{ code: PartnerCode; name: string; priority: number }> = [
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

/** Which partner serves what: national networks at home (with their lockers and counters), KAAB for customs countries, PostOne as the European fallback. */
export function partnerServiceRows(): Service[] {
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
    if ((CUSTOMS_COUNTRIES as readonly string[]).includes(country)) {
      for (const product of ['PRM', 'TRC'] as const) rows.push({ partner: 'KAAB', country, product, method: 'home_delivery' });
    }
    for (const product of ['PRM', 'TRC', 'RTN'] as const) rows.push({ partner: 'POSTONE', country, product, method: 'home_delivery' });
  }
  return rows;
}

/** Writes the reference data unless this database has it already. True when it wrote. */
export async function ensureReferenceData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several instances may start at once: the first to insert the marker writes the data.
    const [claimed] = await tx.insert(appSettings).values({ key: MARKER, value: VERSION }).onConflictDoNothing().returning({ key: appSettings.key });
    if (!claimed) return false;
    await tx.insert(partners).values(PARTNER_ROWS.map((p) => ({ id: PARTNERS[p.code], ...p }))).onConflictDoNothing();
    await tx
      .insert(partnerServices)
      .values(partnerServiceRows().map((s) => ({ partnerId: PARTNERS[s.partner], country: s.country, product: s.product, deliveryMethod: s.method })))
      .onConflictDoNothing();
    return true;
  });
}

/** A partner's id by its code (reference data). */
export async function partnerIdOf(db: Db, code: PartnerCode): Promise<number | undefined> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.code, code));
  return row?.id;
}
