// The carrier's admins register a company's clients, edit or disable them and reset their secret.
// A generated secret is answered once: only its hash is stored, and neither enters the audit log.
// Disabling, a role change or a new secret ends the client's sessions in the same transaction.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClientRegister, ClientUpdate } from '#shared/contract/admin-clients.ts';
import type { AdminClient } from '#shared/contract/admin-companies.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { messages } from '#shared/i18n/messages.ts';
import type { Db } from '#server/db/client.ts';
import { clients, companies, pickupAddressClients, pickupAddresses, refreshTokens } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { findClientByLogin } from '../auth/public.ts';
import { hashSecret } from '../auth/public.ts';
import { changedFields, recordAudit } from '../audit/public.ts';
import { loadAdminClients } from './admin-clients.query.ts';
import { isUniqueViolation } from './unique-violation.ts';

type ClientRow = typeof clients.$inferSelect;

/** 24 random bytes: 192 bits, 32 URL-safe characters to paste into an integration. */
function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

const clientIdTaken = () => new ApiError(409, 'conflict', am.clientIdTaken, { fields: { 'client.clientId': [am.clientIdTaken] } });

/** The client's fields as the audit log keeps them (never the secret or its hash). */
function auditFields(row: Pick<ClientRow, 'clientId' | 'name' | 'email' | 'phone' | 'role' | 'enabled'>) {
  return { clientId: row.clientId, name: row.name, email: row.email, phone: row.phone, role: row.role, enabled: row.enabled };
}

/** Ends every live session of the client: its refresh cookies fail at once. */
async function revokeSessions(tx: Db, clientId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.clientId, clientId), isNull(refreshTokens.revokedAt)));
}

async function answerOf(db: Db, companyId: string, id: string): Promise<AdminClient> {
  const [client] = await loadAdminClients(db, companyId, id);
  if (!client) throw new ApiError(404, 'not_found', am.clientNotFound);
  return client;
}

export async function registerClient(db: Db, actor: Principal, input: ClientRegister): Promise<{ client: AdminClient; secret: string }> {
  const addressIds = [...new Set(input.pickup_address)].sort();
  const secret = newSecret();
  // Hashed before the transaction: scrypt's work need not hold its locks.
  const secretHash = await hashSecret(secret);
  const id = await db
    .transaction(async (tx) => {
      const [company] = await tx.select({ isCarrier: companies.isCarrier }).from(companies).where(eq(companies.id, input.company));
      // Admins belong to the carrier's company and are not registered here.
      if (!company || company.isCarrier) throw new ApiError(404, 'not_found', am.companyNotFound);
      if (addressIds.length > 0) {
        const live = await tx
          .select({ id: pickupAddresses.id })
          .from(pickupAddresses)
          .where(and(inArray(pickupAddresses.id, addressIds), eq(pickupAddresses.companyId, input.company), isNull(pickupAddresses.deletedAt)));
        if (live.length !== addressIds.length) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields: { pickup_address: [am.pickupAddressNotFound] } });
      }
      // Sign-in reads client ids case-insensitively, so "Shop" and "shop" are the same id.
      if (await findClientByLogin(tx, input.client.clientId)) throw clientIdTaken();
      const values = { companyId: input.company, secretHash, enabled: true, ...input.client };
      const [created] = await tx.insert(clients).values(values).returning({ id: clients.id });
      if (!created) throw new Error('client not inserted');
      if (addressIds.length > 0) await tx.insert(pickupAddressClients).values(addressIds.map((pickupAddressId) => ({ pickupAddressId, clientId: created.id })));
      await recordAudit(tx, {
        actor,
        companyId: input.company,
        entity: 'client',
        entityId: created.id,
        action: 'create',
        after: { ...auditFields(values), pickupAddressIds: addressIds },
      });
      return created.id;
    })
    .catch((error: unknown) => {
      // Two registrations of one id at once: the case-insensitive unique index decides.
      if (isUniqueViolation(error, 'clients_client_id_key')) throw clientIdTaken();
      throw error;
    });
  return { client: await answerOf(db, input.company, id), secret };
}

/** A client the admin may manage: it exists and is not an ADMIN (the carrier's staff). */
async function managedClient(tx: Db, id: string): Promise<ClientRow> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for('update');
  if (!client) throw new ApiError(404, 'not_found', am.clientNotFound);
  if (client.role === 'ADMIN') throw new ApiError(403, 'forbidden', am.adminNotManaged);
  return client;
}

export async function updateClient(db: Db, actor: Principal, id: string, input: ClientUpdate): Promise<AdminClient> {
  const companyId = await db.transaction(async (tx) => {
    const before = await managedClient(tx, id);
    await tx.update(clients).set(input).where(eq(clients.id, id));
    // Sign-in refuses a disabled client; its refresh tokens must stop now, not when they expire.
    // An access token carries the role it was signed with: a role change ends the sessions too, so
    // no token acts with the old role (a demoted OFFICER must not create) and the next sign-in
    // carries the new one.
    if (!input.enabled || input.role !== before.role) await revokeSessions(tx, id);
    const changed = changedFields(auditFields(before), auditFields({ ...before, ...input }));
    if (Object.keys(changed.after).length > 0) await recordAudit(tx, { actor, companyId: before.companyId, entity: 'client', entityId: id, action: 'update', ...changed });
    return before.companyId;
  });
  return answerOf(db, companyId, id);
}

/** A new generated secret (answered once); the old one and every session of the client end. */
export async function resetClientSecret(db: Db, actor: Principal, id: string): Promise<{ client: AdminClient; secret: string }> {
  const secret = newSecret();
  const secretHash = await hashSecret(secret);
  const companyId = await db.transaction(async (tx) => {
    const client = await managedClient(tx, id);
    await tx.update(clients).set({ secretHash }).where(eq(clients.id, id));
    await revokeSessions(tx, id);
    // The entry says that the secret changed, never what it is.
    await recordAudit(tx, { actor, companyId: client.companyId, entity: 'client', entityId: id, action: 'update', after: { secretReset: true } });
    return client.companyId;
  });
  return { client: await answerOf(db, companyId, id), secret };
}
