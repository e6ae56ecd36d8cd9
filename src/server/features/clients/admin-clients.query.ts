// A company's clients as the admin screens show them: never a secret, with the pickup addresses
// each is assigned to (live addresses only).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AdminClient } from '#shared/contract/admin-companies.ts';
import type { Db } from '#server/db/client.ts';
import { clients, pickupAddressClients, pickupAddresses } from '#server/db/schema.ts';

export async function loadAdminClients(db: Db, companyId: string, only?: string): Promise<AdminClient[]> {
  const rows = await db
    .select({ id: clients.id, clientId: clients.clientId, name: clients.name, email: clients.email, phone: clients.phone, role: clients.role, enabled: clients.enabled })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), only ? eq(clients.id, only) : undefined))
    .orderBy(asc(clients.name), asc(clients.id));
  if (rows.length === 0) return [];
  const links = await db
    .select({ clientId: pickupAddressClients.clientId, pickupAddressId: pickupAddressClients.pickupAddressId })
    .from(pickupAddressClients)
    .innerJoin(pickupAddresses, eq(pickupAddresses.id, pickupAddressClients.pickupAddressId))
    .where(and(inArray(pickupAddressClients.clientId, rows.map((r) => r.id)), isNull(pickupAddresses.deletedAt)));
  const byClient = new Map<string, string[]>();
  for (const link of links) byClient.set(link.clientId, [...(byClient.get(link.clientId) ?? []), link.pickupAddressId]);
  return rows.map((row) => ({ ...row, pickupAddressIds: byClient.get(row.id) ?? [] }));
}
