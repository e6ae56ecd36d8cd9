// The one check every admin company route makes first: the id names a client company. The
// carrier's own company (its staff) is not managed here, so it answers like a missing id.
import { eq } from 'drizzle-orm';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import type { Db } from '#server/db/client.ts';
import { companies } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';

export type CompanyRow = typeof companies.$inferSelect;

export const companyNotFound = () => new ApiError(404, 'not_found', am.companyNotFound);

/**
 * The client company, or 404. `lock` takes its row for update so that changes of one company
 * (duplicate checks, the shipment check before a delete) run one after the other.
 */
export async function clientCompany(db: Db, id: string, lock = false): Promise<CompanyRow> {
  const query = db.select().from(companies).where(eq(companies.id, id));
  const [company] = lock ? await query.for('update') : await query;
  if (!company || company.isCarrier) throw companyNotFound();
  return company;
}
