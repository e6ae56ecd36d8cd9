// Admin: client companies (the list; the company with its products, bank accounts and history).
import type { FastifyInstance } from 'fastify';
import { companyListEndpoint } from '../../../shared/contract/admin-companies.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { listCompanies } from './companies.service.ts';

export async function adminCompanyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, companyListEndpoint, async ({ query }) => listCompanies(db, query));
}
