// The triggers that keep shipment_counts (migrations 0004, 0007, 0010), for benches that write
// without them: found by their functions (every trigger on shipments that runs a
// shipment_counts_* function, so a count trigger added later is switched off too), switched off
// together, and switched back on in the very mode each had (0010 makes them fire ALWAYS, also
// under session_replication_role = replica; a plain ENABLE TRIGGER would quietly undo that).
// bucketDrift compares the buckets with a GROUP BY of shipments: a bench that bent them
// must not leave them so, and one that did not bend them has found a real fault when they differ.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';

/** pg_trigger.tgenabled: O fires in origin and local mode, A always, R in replica mode only, D never. */
export type TriggerMode = 'O' | 'A' | 'R' | 'D';

export interface CountTrigger {
  name: string;
  mode: TriggerMode;
}

const ENABLE: Record<TriggerMode, string> = { O: 'enable trigger', A: 'enable always trigger', R: 'enable replica trigger', D: 'disable trigger' };

/** The count triggers on shipments and the mode each is in now. */
export async function countTriggers(db: Db): Promise<CountTrigger[]> {
  const rows = await queryRows<{ name: string; mode: TriggerMode }>(
    db,
    sql`select t.tgname as name, t.tgenabled::text as mode
          from pg_trigger t join pg_proc p on p.oid = t.tgfoid
         where t.tgrelid = 'shipments'::regclass and not t.tgisinternal and starts_with(p.proname, 'shipment_counts_')
         order by t.tgname`,
  );
  if (rows.length === 0) throw new Error('no shipment_counts trigger on shipments: are the migrations applied?');
  return rows;
}

async function setModes(db: Db, triggers: readonly CountTrigger[], mode: (t: CountTrigger) => TriggerMode): Promise<void> {
  for (const t of triggers) await db.execute(sql.raw(`alter table shipments ${ENABLE[mode(t)]} "${t.name.replaceAll('"', '""')}"`));
}

/**
 * Switches every count trigger off; answers the modes they had, for restoreCountTriggers (pass
 * `triggers` from countTriggers to know them even when switching off fails half-way).
 */
export async function disableCountTriggers(db: Db, triggers?: readonly CountTrigger[]): Promise<CountTrigger[]> {
  const found = triggers ? [...triggers] : await countTriggers(db);
  await setModes(db, found, () => 'D');
  return found;
}

/** Puts each trigger back in the mode disableCountTriggers found it in. */
export async function restoreCountTriggers(db: Db, triggers: readonly CountTrigger[]): Promise<void> {
  await setModes(db, triggers, (t) => t.mode);
}

/** `name mode, …` of the triggers, for messages. */
export const describeModes = (triggers: readonly CountTrigger[]) => triggers.map((t) => `${t.name} ${t.mode}`).join(', ');

export interface BucketDrift {
  /** sum(n) over shipment_counts and count(*) over shipments, as text (bigint). */
  summed: string;
  counted: string;
  /** Buckets stored but not in the GROUP BY, or with another n, plus GROUP BY rows missing from the table. */
  differing: number;
}

/** shipment_counts against a plain GROUP BY of shipments (one pass over the table). */
export async function bucketDrift(db: Db): Promise<BucketDrift> {
  const [row] = await queryRows<{ summed: string; counted: string; differing: number }>(
    db,
    sql`with expected as (
          select company_id, ("created_at" at time zone 'Europe/Bratislava')::date as day, status, receiver_country, delivery_method, partner_id, count(*) as n
            from shipments group by 1, 2, 3, 4, 5, 6
        ), stored as (
          select company_id, day, status, receiver_country, delivery_method, partner_id, n from shipment_counts
        ), expected_totals as (
          select company_id, status, receiver_country, delivery_method, partner_id, count(*) as n
            from shipments group by 1, 2, 3, 4, 5
        ), stored_totals as (
          select company_id, status, receiver_country, delivery_method, partner_id, n from shipment_totals
        )
        select (select coalesce(sum(n), 0) from stored)::text as summed,
               (select coalesce(sum(n), 0) from expected)::text as counted,
               ((select count(*) from ((select * from stored except all select * from expected)
                                       union all (select * from expected except all select * from stored)) d)
                + (select count(*) from ((select * from stored_totals except all select * from expected_totals)
                                         union all (select * from expected_totals except all select * from stored_totals)) d))::int as differing`,
  );
  if (!row) throw new Error('bucketDrift: no answer');
  return row;
}

export const driftIsNone = (d: BucketDrift) => d.differing === 0 && d.summed === d.counted;
