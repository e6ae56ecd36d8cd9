import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_LOG_PAGE, auditLogEndpoint, type AuditLogQuery } from '#shared/contract/admin-audit.ts';
import { api } from '#web/lib/api.ts';

export type AuditLogFilters = Omit<AuditLogQuery, 'skip' | 'take'>;

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditLogFilters) => [...auditKeys.all, 'list', filters] as const,
};

/** The audit log under `filters`, newest first, AUDIT_LOG_PAGE entries at a time ("More" asks for the next). */
export function auditLogQueryOptions(filters: AuditLogFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => api.call(auditLogEndpoint, { query: { ...filters, skip: pageParam, take: AUDIT_LOG_PAGE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.entries.length, 0);
      return loaded < last.count && last.entries.length > 0 ? loaded : undefined;
    },
    staleTime: 0,
  });
}

export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
