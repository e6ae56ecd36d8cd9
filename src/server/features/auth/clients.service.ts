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

type ProductRow = { country: string | null; product: Product | null };

/** Country code -> product codes, from company_products rows in (country, product) order. */
function productsByCountry(rows: readonly ProductRow[]): Record<string, Product[]> {
  const products: Record<string, Product[]> = {};
  for (const { country, product } of rows) if (country && product) (products[country] ??= []).push(product);
  return products;
}

/** The client's products as the contract wants them: country code -> product codes. */
export async function clientInfo(db: Db, client: ClientRow): Promise<ClientInfo> {
  const rows = await db
    .select({ country: companyProducts.country, product: companyProducts.product })
    .from(companyProducts)
    .where(eq(companyProducts.companyId, client.companyId))
    .orderBy(companyProducts.country, companyProducts.product);
  return { id: client.id, name: client.name, role: client.role, products: productsByCountry(rows) };
}

/**
 * The products of an enabled client, read now in one query (a create checks that its caller was
 * not disabled since the token was issued); null for a client disabled or gone.
 */
export async function enabledClientProducts(db: Db, id: string): Promise<Record<string, Product[]> | null> {
  const rows = await db
    .select({ enabled: clients.enabled, country: companyProducts.country, product: companyProducts.product })
    .from(clients)
    .leftJoin(companyProducts, eq(companyProducts.companyId, clients.companyId))
    .where(eq(clients.id, id))
    .orderBy(companyProducts.country, companyProducts.product);
  return rows[0]?.enabled ? productsByCountry(rows) : null;
}
