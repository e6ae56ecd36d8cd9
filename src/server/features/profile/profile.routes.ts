import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { myPickupAddressesEndpoint } from '../../../shared/contract/pickup-addresses.ts';
import { profileEndpoint } from '../../../shared/contract/profile.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { clients, companies } from '../../db/schema.ts';
import { ApiError } from '../../http-errors.ts';
import { route } from '../../http/route.ts';
import { listPickupAddresses } from './pickup-addresses.service.ts';

export async function profileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, profileEndpoint, async ({ principal }) => {
    const { clientId } = principal;
    const [row] = await db.select({ client: clients, company: companies }).from(clients).innerJoin(companies, eq(companies.id, clients.companyId)).where(eq(clients.id, clientId));
    if (!row) throw new ApiError(404, 'not_found', messages.notFound);
    const { client, company } = row;
    return {
      name: client.name,
      email: client.email,
      phone: client.phone,
      company: {
        name: company.name,
        street: company.street,
        city: company.city,
        zip: company.zip,
        country: company.country,
        company_identification_number: company.companyIdentificationNumber,
        tax_identification_number: company.taxIdentificationNumber,
        vat_identification_number: company.vatIdentificationNumber ?? '',
      },
    };
  });

  // Any role: the addresses the caller ships from (the wizard's first step).
  route(app, myPickupAddressesEndpoint, async ({ principal }) => listPickupAddresses(db, principal));
}
