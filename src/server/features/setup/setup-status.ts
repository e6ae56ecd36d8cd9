// The first-run checklist's state (contract/admin-setup.ts): one statement over the oldest client
// company's rows. A deleted pickup address (and the partners chosen for it) no longer counts.
import { sql } from 'drizzle-orm';
import type { SetupStatus } from '#shared/contract/admin-setup.ts';
import { queryRows, type Db } from '#server/db/client.ts';

type Row = {
  id: string;
  name: string;
  product: boolean;
  bank_account: boolean;
  pickup_address: boolean;
  client: boolean;
  partner: boolean;
};

export async function setupStatus(db: Db): Promise<SetupStatus> {
  const [row] = await queryRows<Row>(
    db,
    sql`with c as (select id, name from companies where not is_carrier order by created_at, id limit 1)
        select c.id, c.name,
          exists (select 1 from company_products p where p.company_id = c.id) as product,
          exists (select 1 from bank_accounts b where b.company_id = c.id) as bank_account,
          exists (select 1 from pickup_addresses a where a.company_id = c.id and a.deleted_at is null) as pickup_address,
          exists (select 1 from clients k where k.company_id = c.id) as client,
          exists (
            select 1 from pickup_address_partners pp join pickup_addresses a on a.id = pp.pickup_address_id
            where a.company_id = c.id and a.deleted_at is null
          ) as partner
        from c`,
  );
  if (!row) return { company: null, done: { company: false, product: false, bankAccount: false, pickupAddress: false, client: false, partner: false } };
  return {
    company: { id: row.id, name: row.name },
    done: { company: true, product: row.product, bankAccount: row.bank_account, pickupAddress: row.pickup_address, client: row.client, partner: row.partner },
  };
}
