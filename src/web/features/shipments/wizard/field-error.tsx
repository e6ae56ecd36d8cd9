import { useLingui } from '@lingui/react';
import { get, useFormState, type FieldError } from 'react-hook-form';
import type { WizardDraftData } from '#web/offline/draft-data.ts';

/** The error under a form path (nested objects and parcel rows included), if any. */
export function useFieldError(path: string): FieldError | undefined {
  const { errors } = useFormState<WizardDraftData>({ name: path as never });
  return get(errors, path) as FieldError | undefined;
}

/**
 * A translated error for a group of inputs (cards, pickers, the parcel list, the consent) that has
 * no TextField of its own: on a line of its own under the group, wrapping long texts, and marked
 * (data-field-error) so that a failed Continue can find the first error of the step.
 */
export function FieldErrorText({ path, id }: { path: string; id?: string }) {
  const { i18n } = useLingui();
  const error = useFieldError(path);
  if (!error?.message) return null;
  return (
    <p id={id} className="label flex whitespace-normal text-error" role="alert" data-field-error={path}>
      {i18n._(error.message)}
    </p>
  );
}
