// Company scoping, the one owner of "which rows may this caller read or change": a client sees
// its own company's rows, an ADMIN every company's. Every query that reads or changes a
// company's data takes its condition from here; no feature decides it by hand.
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from './features/auth/access-tokens.ts';

export interface CompanyScope {
  readonly principal: Principal;
  /** The caller sees every company (ADMIN). */
  readonly all: boolean;
  /** The condition on a company-id column that keeps a query to the caller's rows; undefined: all rows. */
  rows(companyColumn: AnyPgColumn): SQL | undefined;
  /** Whether a row of `companyId` is the caller's to see. */
  sees(companyId: string): boolean;
}

export function companyScope(principal: Principal): CompanyScope {
  const all = principal.role === 'ADMIN';
  return {
    principal,
    all,
    rows: (column) => (all ? undefined : eq(column, principal.companyId)),
    sees: (companyId) => all || companyId === principal.companyId,
  };
}
