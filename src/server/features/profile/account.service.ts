// The caller's own account: its profile (name, email, phone) and its password.
import { eq } from 'drizzle-orm';
import type { ChangeSecret, Profile, ProfileUpdate } from '#shared/contract/profile.ts';
import { accountMessages as acm } from '#shared/i18n/account-messages.ts';
import { messages, type MessageDescriptor } from '#shared/i18n/messages.ts';
import { serverMessages } from '#shared/i18n/server-messages.ts';
import type { Db } from '#server/db/client.ts';
import { clients, companies } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { isGuessable } from '../auth/public.ts';
import { hashSecret, verifySecret } from '../auth/public.ts';
import { changedFields, recordAudit } from '../audit/public.ts';

export async function readProfile(db: Db, principal: Principal): Promise<Profile> {
  const [row] = await db
    .select({ client: clients, company: companies })
    .from(clients)
    .innerJoin(companies, eq(companies.id, clients.companyId))
    .where(eq(clients.id, principal.clientId));
  if (!row) throw new ApiError(404, 'not_found', serverMessages.notFound);
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
      label_printer: company.labelPrinter,
    },
  };
}

/** POST /api/v1/profile: only the caller's own fields; the company is the carrier's to change. */
/** The change is audited (the client as actor, its company's history): the changed fields, before and after. */
export async function updateProfile(db: Db, principal: Principal, body: ProfileUpdate): Promise<Profile> {
  const values = { name: body.name, email: body.email, phone: body.phone };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: clients.name, email: clients.email, phone: clients.phone, companyId: clients.companyId })
      .from(clients)
      .where(eq(clients.id, principal.clientId))
      .for('update');
    if (!before) throw new ApiError(404, 'not_found', serverMessages.notFound);
    await tx.update(clients).set(values).where(eq(clients.id, principal.clientId));
    const changed = changedFields({ name: before.name, email: before.email, phone: before.phone }, values);
    if (Object.keys(changed.after).length > 0) {
      await recordAudit(tx, { actor: principal, companyId: before.companyId, entity: 'client', entityId: principal.clientId, action: 'update', ...changed });
    }
  });
  return readProfile(db, principal);
}

const fieldError = (field: keyof ChangeSecret, descriptor: MessageDescriptor) =>
  new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { [field]: [descriptor] } });

/** The client's login (its sign-in name): the key of the sign-in limiter. */
export async function clientLogin(db: Db, principal: Principal): Promise<string> {
  const [row] = await db.select({ login: clients.clientId }).from(clients).where(eq(clients.id, principal.clientId));
  if (!row) throw new ApiError(404, 'not_found', serverMessages.notFound);
  return row.login;
}

/**
 * Checks the current password and the new one, then stores the new one. A wrong current
 * password answers 'wrong' (the route counts it as a failed sign-in); every other refusal is a
 * field error.
 */
export async function changeSecret(db: Db, principal: Principal, body: ChangeSecret): Promise<'changed' | 'wrong'> {
  const [row] = await db
    .select({ client: clients, company: companies.name })
    .from(clients)
    .innerJoin(companies, eq(companies.id, clients.companyId))
    .where(eq(clients.id, principal.clientId));
  if (!row) throw new ApiError(404, 'not_found', serverMessages.notFound);
  const { client } = row;
  if (!(await verifySecret(body.oldSecret, client.secretHash))) return 'wrong';
  if (body.newSecret === body.oldSecret) throw fieldError('newSecret', acm.passwordUnchanged);
  if (isGuessable(body.newSecret, [client.clientId, client.name, client.email, row.company])) throw fieldError('newSecret', acm.passwordWeak);
  const secretHash = await hashSecret(body.newSecret);
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ secretHash }).where(eq(clients.id, client.id));
    // That it changed, never the secret or its hash.
    await recordAudit(tx, { actor: principal, companyId: client.companyId, entity: 'client', entityId: client.id, action: 'update', after: { secretChanged: true } });
  });
  return 'changed';
}
