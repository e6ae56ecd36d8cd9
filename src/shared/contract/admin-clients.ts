// Clients (users) of a company as the carrier's admins register and manage them (spec sections
// 3 "Client", 6, 7 "POST /api/v1/admin/client/register", "PUT /api/v1/admin/client/{id}"). The
// generated secret is answered once and never stored in clear.
import * as z from 'zod/mini';
import { CLIENT_ROLES } from '../domain/roles.ts';
import { adminMessages as am } from '../i18n/admin-messages.ts';
import { messages } from '../i18n/messages.ts';
import { adminClientSchema } from './admin-companies.ts';
import { endpoint } from './endpoint.ts';
import { text } from './fields.ts';

const email = z.string({ error: am.emailInvalid.id }).check(z.trim(), z.maxLength(200, messages.tooLong.id), z.email(am.emailInvalid.id));
const role = z.enum(CLIENT_ROLES, { error: am.roleInvalid.id });

export const clientRegisterSchema = z.object({
  client: z.object({
    clientId: z.string({ error: am.clientIdRequired.id }).check(z.trim(), z.minLength(1, am.clientIdRequired.id), z.regex(/^[A-Za-z0-9._@-]{3,64}$/, am.clientIdFormat.id)),
    name: text(200, am.clientNameRequired.id),
    email,
    phone: z._default(text(40), ''),
    role: z._default(role, 'USER'),
  }),
  /** The pickup addresses the client ships from (none: every address of the company). */
  pickup_address: z._default(z.array(z.uuid(am.pickupAddressNotFound.id)).check(z.maxLength(100, messages.tooLong.id)), []),
  company: z.uuid(am.companyNotFound.id),
});
export type ClientRegister = z.infer<typeof clientRegisterSchema>;
export type ClientRegisterInput = z.input<typeof clientRegisterSchema>;

export const clientUpdateSchema = z.object({
  enabled: z.boolean({ error: messages.invalidValue.id }),
  email,
  phone: z._default(text(40), ''),
  name: text(200, am.clientNameRequired.id),
  role,
});
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;

/** The client and, once, its new secret. */
export const clientWithSecretSchema = z.object({ client: adminClientSchema, secret: z.string(), message: z.string() });
export type ClientWithSecret = z.infer<typeof clientWithSecretSchema>;

const clientParams = z.object({ id: z.uuid(am.clientNotFound.id) });

export const clientRegisterEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client/register',
  access: 'admin',
  companyData: { names: { body: { company: 'company' } } },
  body: clientRegisterSchema,
  answer: clientWithSecretSchema,
  status: 201,
});
/** Disabling or a role change ends the client's sessions at once (a new sign-in carries the new role); ADMIN clients are not managed here. */
export const clientUpdateEndpoint = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/client/:id',
  access: 'admin',
  companyData: { names: { params: { id: 'client' } } },
  params: clientParams,
  body: clientUpdateSchema,
  answer: adminClientSchema,
});
/** Not in the spec: a new generated secret (shown once); the client's sessions end. */
export const clientResetSecretEndpoint = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client/:id/reset-secret',
  access: 'admin',
  companyData: { names: { params: { id: 'client' } } },
  params: clientParams,
  answer: clientWithSecretSchema,
});
