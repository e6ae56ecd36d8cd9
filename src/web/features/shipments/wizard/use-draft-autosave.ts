import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormGetValues, UseFormSubscribe } from 'react-hook-form';
import type { WizardDraftData, WizardStep } from '#web/offline/draft-data.ts';
import { createDraft, saveDraft } from '../offline/drafts.ts';
import { hasEnteredData } from './wizard-values.ts';

/** Keystrokes within this window are saved together. */
export const AUTOSAVE_DELAY_MS = 300;

/** A draft that exists only in memory until the user enters something. */
export interface UnsavedDraft {
  clientId: string;
  /** The values the wizard opened with (preselected, not entered). */
  initial: WizardDraftData;
  /** Called once the draft is stored, while the wizard is still open. */
  onCreated: (id: string) => void;
}

/**
 * Saves the wizard's values and step into its draft as the user types (debounced), at once when
 * the step changes, and before the page is hidden or the wizard closes, so that a reload, a
 * closed tab or a lost session loses at most the last few keystrokes. Answers `flush`.
 *
 * A new wizard's draft (`unsaved`) is stored only at the first real entry, a value other than
 * the preselected ones: opening the wizard and leaving it, or only moving between its steps,
 * leaves no empty draft behind. Saves run one after another, so that Finish's flush waits for a
 * creation still under way.
 */
export function useDraftAutosave(
  draftId: string,
  form: {
    subscribe: UseFormSubscribe<WizardDraftData>;
    getValues: UseFormGetValues<WizardDraftData>;
  },
  step: WizardStep,
  enabled: boolean,
  unsaved?: UnsavedDraft,
): () => Promise<void> {
  const { subscribe, getValues } = form;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dirty = useRef(false);
  const stepRef = useRef(step);
  const enabledRef = useRef(enabled);
  // Read when a save runs: the first render's wish to create, and the latest callback.
  const [create] = useState(() => (unsaved ? { clientId: unsaved.clientId, initial: unsaved.initial } : null));
  const stored = useRef(create === null);
  const onCreated = useRef(unsaved?.onCreated);
  const mounted = useRef(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    enabledRef.current = enabled;
    onCreated.current = unsaved?.onCreated;
  }, [enabled, unsaved?.onCreated]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    if (!dirty.current || !enabledRef.current) return;
    dirty.current = false;
    const data: WizardDraftData = { ...structuredClone(getValues()), step: stepRef.current };
    try {
      if (stored.current) await saveDraft(draftId, data);
      else if (create && hasEnteredData(data, create.initial)) {
        await createDraft(create.clientId, data, draftId);
        stored.current = true;
        if (mounted.current) onCreated.current?.(draftId);
      }
    } catch (error) {
      // IndexedDB refused (quota, private mode): keep trying on the next change.
      dirty.current = true;
      console.error('The draft could not be saved', error);
    }
  }, [create, draftId, getValues]);

  const flush = useCallback(() => {
    const next = queue.current.then(save);
    queue.current = next;
    return next;
  }, [save]);

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
