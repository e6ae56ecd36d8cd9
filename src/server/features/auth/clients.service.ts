// Reading clients for sign-in and building the client info the token response carries.
import { eq, sql } from 'drizzle-orm';
import type { ClientInfo } from '#shared/contract/auth.ts';
import type { Product } from '#shared/domain/enums.ts';
import type { Db } from '#server/db/client.ts';
import { clients, companyProducts } from '#server/db/schema.ts';

export type ClientRow = typeof clients.$inferSelect;

export async function findClientByLogin(db: Db, login: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(sql`lower(${clients.clientId}) = ${login.trim().toLowerCase()}`);
  return row;
}

export async function findClientById(db: Db, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row;
}

/** The client's products as the contract wants them: country code -> product codes. */
export async function clientInfo(db: Db, client: ClientRow): Promise<ClientInfo> {
  const rows = await db
    .select({ country: companyProducts.country, product: companyProducts.product })
    .from(companyProducts)
    .where(eq(companyProducts.companyId, client.companyId))
    .orderBy(companyProducts.country, companyProducts.product);
  const products: Record<string, Product[]> = {};
  for (const { country, product } of rows) (products[country] ??= []).push(product);
  return { id: client.id, name: client.name, role: client.role, products };
}
