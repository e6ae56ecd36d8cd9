// The changed fields of an audit entry, as a company's history and the audit log show them.
import { useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '#shared/contract/admin-companies.ts';

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '∅' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The fields whose value differs between before and after (all of one side for a create or delete). */
export function changedFields(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((field) => ({ field, before: show(before[field]), after: show(after[field]) })).filter((c) => c.before !== c.after);
}

/** Each changed field before → after; a created record has only values after, a deleted one only before. */
export function AuditChanges({ entry, className = '' }: { entry: AuditEntry; className?: string }) {
  const { t } = useLingui();
  const changes = changedFields(entry);
  if (changes.length === 0) return null;
  return (
    <ul className={`flex flex-col gap-0.5 ${className}`}>
      {changes.map((c) => (
        <li key={c.field} className="break-words [overflow-wrap:anywhere]">
          <span className="font-medium">{c.field}</span>:{' '}
          {entry.action === 'update' ? (
            <>
              <span className="text-base-content/70 line-through decoration-1">{c.before}</span> <span aria-hidden="true">→</span>
              <span className="sr-only">{t`to`}</span> {c.after}
            </>
          ) : (
            <span className={entry.action === 'delete' ? 'text-base-content/70 line-through decoration-1' : undefined}>{entry.action === 'delete' ? c.before : c.after}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
