// Company scoping, the one owner of "which rows may this caller read or change": a client sees
// its own company's rows, an ADMIN every company's. Every query that reads or changes a
// company's data takes its condition from here; no feature decides it by hand.
//
// Two questions, two answers: `rows`/`sees` are what the caller may read or change (ADMIN: any
// company's); `own`/`companyId` are what it creates and ships from — always its own company's,
// ADMIN included (a shipment an admin creates is the carrier's, from the carrier's addresses).
// Another company's row is answered exactly as one that does not exist (README, "Company
// scoping"); the isolation matrix (tests/api/isolation-matrix.test.ts) checks every route.
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
  /** The company whose rows the caller creates (its own, ADMIN included). */
  readonly companyId: string;
  /** The condition that keeps a query to the caller's own company's rows, ADMIN included: what it creates and ships from. */
  own(companyColumn: AnyPgColumn): SQL;
}

export function companyScope(principal: Principal): CompanyScope {
  const all = principal.role === 'ADMIN';
  return {
    principal,
    all,
    rows: (column) => (all ? undefined : eq(column, principal.companyId)),
    sees: (companyId) => all || companyId === principal.companyId,
    companyId: principal.companyId,
    own: (column) => eq(column, principal.companyId),
  };
}
