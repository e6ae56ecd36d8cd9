import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '#web/lib/api-error.ts';

/**
 * Puts the server's field errors onto the form's fields (first message each) and focuses the
 * first; answers the field errors that belong to no field so the caller can show them.
 */
export function applyServerErrors<T extends FieldValues>(error: ApiError, fields: ReadonlyArray<Path<T>>, setError: UseFormSetError<T>): string[] {
  const unmatched: string[] = [];
  let first = true;
  for (const [field, list] of Object.entries(error.fields)) {
    const message = list[0];
    if (!message) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      unmatched.push(`${field}: ${message}`);
    }
  }
  return unmatched;
}

/**
 * What a failed save shows above its form: null when every server error landed on a field,
 * else the errors of no field, or `fallback` (the server's message) when it named none.
 */
export function formFailureText<T extends FieldValues>(error: ApiError, fields: ReadonlyArray<Path<T>>, setError: UseFormSetError<T>, fallback: string): string | null {
  const unmatched = applyServerErrors(error, fields, setError);
  return unmatched.length > 0 || Object.keys(error.fields).length === 0 ? unmatched.join('\n') || fallback : null;
}
