// The changed fields of an audit entry, as a company's history and the audit log show them.
import { useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '#shared/contract/admin-companies.ts';
import { useAuditFields, type AuditNames } from './use-audit-fields.ts';

const stored = (value: unknown) => (value === null || value === undefined || value === '' ? '' : JSON.stringify(value));

/** The fields whose stored value differs between before and after (all of one side for a create or delete). */
export function changedFields(entry: AuditEntry): { field: string; before: unknown; after: unknown }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((field) => ({ field, before: before[field], after: after[field] })).filter((c) => stored(c.before) !== stored(c.after));
}

/** Each changed field before → after by its label and shown values; a created record has only values after, a deleted one only before. */
export function AuditChanges({ entry, names, className = '' }: { entry: AuditEntry; names?: AuditNames | undefined; className?: string }) {
  const { t } = useLingui();
  const fields = useAuditFields(names);
  const changes = changedFields(entry).map((c) => ({ field: c.field, label: fields.label(c.field), before: fields.value(c.field, c.before), after: fields.value(c.field, c.after) }));
  if (changes.length === 0) return null;
  return (
    <ul className={`flex flex-col gap-0.5 ${className}`}>
      {changes.map((c) => (
        <li key={c.field} className="break-words [overflow-wrap:anywhere]">
          <span className="font-medium">{c.label}</span>:{' '}
          {entry.action === 'update' && c.field in (entry.before ?? {}) ? (
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
