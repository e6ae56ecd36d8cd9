import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pickupAddressListSchema } from '../../../shared/contract/pickup-addresses.ts';
import { profileSchema, type Profile } from '../../../shared/contract/profile.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import { clients, companies } from '../../db/schema.ts';
import { ApiError } from '../../http-errors.ts';
import { requirePrincipal } from '../../plugins/auth.ts';
import { listPickupAddresses } from './pickup-addresses.service.ts';

export async function profileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/profile', { schema: { response: { 200: profileSchema } } }, async (request): Promise<Profile> => {
    const { clientId } = requirePrincipal(request);
    const [row] = await db
      .select({ client: clients, company: companies })
      .from(clients)
      .innerJoin(companies, eq(companies.id, clients.companyId))
      .where(eq(clients.id, clientId));
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
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/v1/profile/pickup-addresses', { schema: { response: { 200: pickupAddressListSchema } } }, async (request) =>
      listPickupAddresses(db, requirePrincipal(request)),
    );
}
