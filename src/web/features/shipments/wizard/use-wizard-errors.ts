import { useCallback, useEffect, useRef } from 'react';
import { get, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { ProductsMap } from '#shared/domain/shipment-rules.ts';
import type { WizardDraftData } from '#web/offline/draft-data.ts';
import { checkWizard, type WizardErrors } from './wizard-values.ts';

/** An error on the parcel list itself (not one parcel) lives on the field array's root. */
export const errorPath = (path: string) => (path === 'parcels' ? 'parcels.root' : path) as FieldPath<WizardDraftData>;

/** A message on show: whether the browser's own check found it, and the value it was about. */
interface Shown {
  checked: boolean;
  value: string;
}

const valueAt = (values: WizardDraftData, path: string) => JSON.stringify(get(values, path) ?? null);

/**
 * Shows errors on their fields (Continue, Finish, or the server's answer to a submission) and
 * takes each away as soon as its field is right again, whichever step the user corrected it on,
 * so that a step's mark in the tabs goes when the step is valid. A message the browser's check
 * found goes when that check passes (a name that needed "a name or a company" goes when a company
 * is typed); one only the server could know (an address it no longer accepts) goes when its value
 * changes and the check has nothing against the new one. Messages never appear here while typing:
 * only Continue and Finish show them.
 */
export function useWizardErrors(form: Pick<UseFormReturn<WizardDraftData>, 'setError' | 'clearErrors' | 'getValues' | 'getFieldState' | 'subscribe'>, products: ProductsMap) {
  const { setError, clearErrors, getValues, getFieldState, subscribe } = form;
  const shown = useRef(new Map<string, Shown>());

  const showErrors = useCallback(
    (errors: WizardErrors) => {
      const values = getValues();
      const checked = checkWizard(values, products).errors;
      for (const [path, ids] of Object.entries(errors)) {
        setError(errorPath(path), { type: 'rules', message: ids[0] });
        shown.current.set(path, { checked: path in checked, value: valueAt(values, path) });
      }
    },
    [getValues, products, setError],
  );

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          if (shown.current.size === 0) return;
          const values = getValues();
          const now = checkWizard(values, products).errors;
          for (const [path, record] of shown.current) {
            // Gone already (its input was edited, or Continue checked the step again).
            if (!getFieldState(errorPath(path)).error) shown.current.delete(path);
            else if (!now[path] && (record.checked || valueAt(values, path) !== record.value)) {
              clearErrors(errorPath(path));
              shown.current.delete(path);
            }
          }
        },
      }),
    [clearErrors, getFieldState, getValues, products, subscribe],
  );

  return showErrors;
}
