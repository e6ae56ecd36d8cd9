import { useCallback, useEffect, useRef } from 'react';
import type { UseFormGetValues, UseFormSubscribe } from 'react-hook-form';
import type { WizardDraftData, WizardStep } from '../../../offline/draft-data.ts';
import { saveDraft } from '../../../offline/drafts.ts';

/** Keystrokes within this window are saved together. */
export const AUTOSAVE_DELAY_MS = 300;

/**
 * Saves the wizard's values and step into its draft as the user types (debounced), at once when
 * the step changes, and before the page is hidden or the wizard closes, so that a reload, a
 * closed tab or a lost session loses at most the last few keystrokes. Answers `flush`.
 */
export function useDraftAutosave(
  draftId: string,
  form: {
    subscribe: UseFormSubscribe<WizardDraftData>;
    getValues: UseFormGetValues<WizardDraftData>;
  },
  step: WizardStep,
  enabled: boolean,
): () => Promise<void> {
  const { subscribe, getValues } = form;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(false);
  const stepRef = useRef(step);
  const enabledRef = useRef(enabled);
  useEffect(() => {
    enabledRef.current = enabled;
  }, [enabled]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (!dirty.current || !enabledRef.current) return;
    dirty.current = false;
    try {
      await saveDraft(draftId, {
        ...structuredClone(getValues()),
        step: stepRef.current,
      });
    } catch (error) {
      // IndexedDB refused (quota, private mode): keep trying on the next change.
      dirty.current = true;
      console.error('The draft could not be saved', error);
    }
  }, [draftId, getValues]);

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          dirty.current = true;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
        },
      }),
    [subscribe, flush],
  );

  useEffect(() => {
    if (stepRef.current === step) return;
    stepRef.current = step;
    dirty.current = true;
    void flush();
  }, [step, flush]);

  useEffect(() => {
    const onHide = () => void flush();
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void flush();
    };
  }, [flush]);

  return flush;
}
