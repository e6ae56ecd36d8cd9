// A client company's bank accounts (spec section 3 "Bank account"): the IBAN is checked for its
// country's length and its mod-97 check digits, the SWIFT/BIC for its form and country, and a
// company holds an IBAN once. Every change and its audit entry commit in one transaction.
import { and, asc, eq, ne } from 'drizzle-orm';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type * as z from 'zod/mini';
import type { BankAccount, bankAccountInputSchema } from '#shared/contract/admin-companies.ts';
import { adminMessages as am } from '#shared/i18n/admin-messages.ts';
import { messages, type MessageDescriptor } from '#shared/i18n/messages.ts';
import type { Db } from '#server/db/client.ts';
import { bankAccounts } from '#server/db/schema.ts';
import { ApiError } from '#server/http-errors.ts';
import type { Principal } from '../auth/public.ts';
import { changedFields, recordAudit } from '../audit/public.ts';
import { clientCompany } from './client-company.ts';

export type BankAccountSave = z.output<typeof bankAccountInputSchema>;
type AccountRow = typeof bankAccounts.$inferSelect;

/**
 * The answer of a deletion. Not yet in admin-messages.ts (not this feature's file): the English
 * text serves every language until the catalog has it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const accountNotFound = () => new ApiError(404, 'not_found', am.bankAccountNotFound);

/** The account as the contract shows it: the country is the IBAN's first two letters. */
function answerOf(row: AccountRow): BankAccount {
  return { id: row.id, country: row.iban.slice(0, 2), iban: row.iban, swift: row.swift, bulkPaymentMode: row.bulkPaymentMode };
}

/** What the audit log keeps of an account. */
const auditFields = (row: Pick<AccountRow, 'iban' | 'swift' | 'bulkPaymentMode'>) => ({ iban: row.iban, swift: row.swift, bulkPaymentMode: row.bulkPaymentMode });

/** The company's accounts, oldest first. */
export async function listBankAccounts(db: Db, companyId: string): Promise<BankAccount[]> {
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.companyId, companyId)).orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
  return rows.map(answerOf);
}

/** The IBAN in its electronic form, or 400 with the field(s) that fail: the schema checks only their shape. */
function checked(input: BankAccountSave): { iban: string; swift: string } {
  const iban = electronicFormatIBAN(input.iban) ?? '';
  const fields: Record<string, MessageDescriptor[]> = {};
  if (!isValidIBAN(iban)) fields.iban = [am.ibanInvalid];
  if (!isValidBIC(input.swift)) fields.swift = [am.swiftInvalid];
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'validation_failed', messages.invalidRequest, { fields });
  return { iban, swift: input.swift };
}

/** The account of this company; another company's id reads as a missing one. */
async function accountOf(db: Db, companyId: string, id: string): Promise<AccountRow> {
  // A malformed id (the body's `id` is free text) would make PostgreSQL refuse the uuid cast.
  if (!UUID.test(id)) throw accountNotFound();
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, companyId)));
  if (!row) throw accountNotFound();
  return row;
}

/** Adds an account, or updates `accountId` (the path's id, else the body's). */
export async function saveBankAccount(db: Db, actor: Principal, companyId: string, input: BankAccountSave, accountId = input.id): Promise<BankAccount> {
  const { iban, swift } = checked(input);
  const values = { iban, swift, bulkPaymentMode: input.bulkPaymentMode };
  return db.transaction(async (tx) => {
    // The company row lock serializes saves of one company, so two cannot add the same IBAN.
    await clientCompany(tx, companyId, true);
    const before = accountId === undefined ? null : await accountOf(tx, companyId, accountId);
    const [duplicate] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.iban, iban), before ? ne(bankAccounts.id, before.id) : undefined));
    if (duplicate) throw new ApiError(409, 'conflict', am.bankAccountDuplicate);

    if (!before) {
      const [created] = await tx
        .insert(bankAccounts)
        .values({ companyId, ...values })
        .returning();
      if (!created) throw new Error('bank account not inserted');
      await recordAudit(tx, { actor, companyId, entity: 'bank_account', entityId: created.id, action: 'create', after: auditFields(created) });
      return answerOf(created);
    }
    const changed = changedFields(auditFields(before), values);
    // An unchanged save leaves no entry: the history shows changes, not clicks.
    if (Object.keys(changed.after).length === 0) return answerOf(before);
    const [updated] = await tx.update(bankAccounts).set(values).where(eq(bankAccounts.id, before.id)).returning();
    if (!updated) throw accountNotFound();
    await recordAudit(tx, { actor, companyId, entity: 'bank_account', entityId: updated.id, action: 'update', ...changed });
    return answerOf(updated);
  });
}

export async function deleteBankAccount(db: Db, actor: Principal, companyId: string, id: string): Promise<MessageDescriptor> {
  await db.transaction(async (tx) => {
    await clientCompany(tx, companyId, true);
    const account = await accountOf(tx, companyId, id);
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, account.id));
    await recordAudit(tx, { actor, companyId, entity: 'bank_account', entityId: account.id, action: 'delete', before: auditFields(account) });
  });
  return am.bankAccountDeleted;
}
