// Client companies as the carrier's admins manage them. The carrier's own company (its staff)
// never appears here.
import { and, asc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { CompanyListItem, CompanyListQuery } from '../../../shared/contract/admin-companies.ts';
import { foldText } from '../../../shared/domain/text-fold.ts';
import type { Db } from '../../db/client.ts';
import { clients, companies } from '../../db/schema.ts';

/** `%value%` for LIKE, with LIKE's own wildcards in the value taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filtered list, by name: every filter is accent- and case-insensitive (folded columns). */
export async function listCompanies(db: Db, q: CompanyListQuery): Promise<CompanyListItem[]> {
  const where: SQL[] = [eq(companies.isCarrier, false)];
  if (q.name) where.push(like(companies.nameFolded, contains(foldText(q.name))));
  if (q.city) where.push(like(companies.cityFolded, contains(foldText(q.city))));
  if (q.country) where.push(eq(companies.country, q.country.toUpperCase()));
  if (q.companyIdentificationNumber) where.push(like(companies.companyIdentificationNumber, contains(q.companyIdentificationNumber.replace(/\s+/g, ''))));
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      city: companies.city,
      country: companies.country,
      companyIdentificationNumber: companies.companyIdentificationNumber,
      // Counted for the page's rows only (an index lookup each), not for every company.
      clientCount: sql<number>`(select count(*) from ${clients} where ${clients.companyId} = ${companies.id})::int`,
    })
    .from(companies)
    .where(and(...where))
    .orderBy(asc(companies.nameFolded), asc(companies.id))
    .limit(q.take)
    .offset(q.skip);
  return rows.map((r) => ({ ...r, clientCount: Number(r.clientCount) }));
}
