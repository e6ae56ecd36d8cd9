// Admin: client companies (the list; the company with its products, bank accounts and history).
// The routes only unpack the request: the rules live in the services.
import type { FastifyInstance } from 'fastify';
import {
  bankAccountDeleteEndpoint,
  bankAccountSaveEndpoint,
  bankAccountUpdateEndpoint,
  companyCreateEndpoint,
  companyDeleteEndpoint,
  companyDetailEndpoint,
  companyHistoryEndpoint,
  companyListEndpoint,
  companyLabelPrinterEndpoint,
  companyProductAddEndpoint,
  companyProductRemoveEndpoint,
  companyUpdateEndpoint,
} from '#shared/contract/admin-companies.ts';
import type { Db } from '#server/db/client.ts';
import { route } from '#server/http/route.ts';
import { deleteBankAccount, saveBankAccount } from './bank-accounts.service.ts';
import { addProduct, createCompany, deleteCompany, historyOf, listCompanies, loadCompany, removeProduct, setLabelPrinter, updateCompany } from './companies.service.ts';

export async function adminCompanyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, companyListEndpoint, async ({ query }) => listCompanies(db, query));
  route(app, companyCreateEndpoint, async ({ body, principal }) => createCompany(db, principal, body));
  route(app, companyDetailEndpoint, async ({ params }) => loadCompany(db, params.id));
  route(app, companyUpdateEndpoint, async ({ params, body, principal }) => updateCompany(db, principal, params.id, body));
  route(app, companyDeleteEndpoint, async ({ params, principal, t }) => ({ message: t(await deleteCompany(db, principal, params.id)) }));
  route(app, companyProductAddEndpoint, async ({ params, query, principal }) => addProduct(db, principal, params.id, query));
  route(app, companyProductRemoveEndpoint, async ({ params, query, principal }) => removeProduct(db, principal, params.id, query));
  route(app, companyLabelPrinterEndpoint, async ({ params, body, principal }) => setLabelPrinter(db, principal, params.companyId, body));
  route(app, bankAccountSaveEndpoint, async ({ params, body, principal }) => saveBankAccount(db, principal, params.companyId, body));
  // The path's id names the account, whatever the body carries.
  route(app, bankAccountUpdateEndpoint, async ({ params, body, principal }) => saveBankAccount(db, principal, params.companyId, body, params.ibanId));
  route(app, bankAccountDeleteEndpoint, async ({ params, principal, t }) => ({ message: t(await deleteBankAccount(db, principal, params.companyId, params.ibanId)) }));
  route(app, companyHistoryEndpoint, async ({ params, query }) => historyOf(db, params.id, query));
}
