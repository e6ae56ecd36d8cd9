import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyListQuerySchema, companyListSchema } from '../../../shared/contract/admin-companies.ts';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Admin company management. ADMIN is enforced for /api/v1/admin/* by the auth plugin. */
export async function adminCompanyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/company/list',
    { schema: { querystring: companyListQuerySchema, response: { 200: companyListSchema } } },
    async (request) => {
      const { name, city, country, companyIdentificationNumber } = request.query;
      const where: SQL[] = [eq(companies.isCarrier, false)];
      if (name) where.push(ilike(companies.name, contains(name)));
      if (city) where.push(ilike(companies.city, contains(city)));
      if (country) where.push(ilike(companies.country, country));
      if (companyIdentificationNumber) where.push(ilike(companies.companyIdentificationNumber, contains(companyIdentificationNumber)));
      return db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(...where))
        .orderBy(asc(companies.name));
    },
  );
}
