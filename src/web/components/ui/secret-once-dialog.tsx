import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface SecretOnceField {
  label: string;
  value: string;
  /** The copy button's text, e.g. "Copy the secret". */
  copyLabel: string;
  /** The secret itself (not e.g. a key id shown beside it): copying it lets the dialog close without asking. */
  secret?: boolean;
}

export interface SecretOnceDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the secret is for and what to do if it is lost; shown as a readable warning. */
  warning: ReactNode;
  fields: SecretOnceField[];
  onClose: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A secret shown this once (client secret, partner feed key, webhook signing secret; README note
 * 118): a warning in readable colours, a copy button per value that says "Copied" (or, without a
 * clipboard, selects the text and says how to copy it), and every way of closing (Escape, the
 * backdrop, the Close button) asks "Have you copied the secret?" unless the secret was copied.
 */
export function SecretOnceDialog({ open, title, warning, fields, onClose }: SecretOnceDialogProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const warningId = useId();
  const askId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setCopied(false);
      setAsking(false);
      returnFocus.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('input')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    }
  }, [open]);

  useEffect(() => {
    if (asking) backRef.current?.focus();
  }, [asking]);

  const requestClose = () => {
    if (copied) onClose();
    else setAsking(true);
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={warningId}
      onKeyDown={(event) => {
        // Handled here (not by the browser's cancel, which it may skip on a second Escape).
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (asking) setAsking(false);
        else requestClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Closed by the browser itself while the secret is still wanted: show it again and ask.
        if (!open) return;
        if (copied) onClose();
        else {
          dialogRef.current?.showModal();
          setAsking(true);
        }
      }}
    >
      <div className="modal-box max-h-[90dvh] sm:max-w-lg">
        <h2 id={titleId} className="mb-2 text-lg font-bold">
          {title}
        </h2>
        {open && (
          <>
            <div role="alert" id={warningId} className="flex items-start gap-2 rounded-box border-2 border-warning bg-base-100 p-3 text-base-content">
              <svg xmlns="http://www.w3.org/2000/svg" className="mt-0.5 h-5 w-5 shrink-0 text-warning-content" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 9v4m0 4h.01M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
              </svg>
              <span className="font-medium">{warning}</span>
            </div>
            {fields.map((field) => (
              <SecretField key={field.label} field={field} onCopied={() => field.secret && setCopied(true)} />
            ))}
            {asking ? (
              <div role="group" aria-labelledby={askId} className="mt-4 rounded-box bg-base-200 p-3">
                <p id={askId} className="font-semibold">
                  <Trans>Have you copied the secret?</Trans>
                </p>
                <p className="text-sm">
                  <Trans>Once closed, it cannot be shown again.</Trans>
                </p>
                <div className="mt-3 flex flex-wrap justify-end gap-2">
                  <button ref={backRef} type="button" className="btn" onClick={() => setAsking(false)}>
                    <Trans>No, back to the secret</Trans>
                  </button>
                  <button type="button" className="btn btn-primary" onClick={onClose}>
                    <Trans>Yes, close</Trans>
                  </button>
                </div>
              </div>
            ) : (
              <div className="modal-action">
                <button type="button" className="btn btn-primary" onClick={requestClose}>
                  {t`Close`}
                </button>
              </div>
            )}
          </>
        )}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={requestClose} />
    </dialog>
  );
}

function SecretField({ field, onCopied }: { field: SecretOnceField; onCopied: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(field.value);
      setState('copied');
      onCopied();
    } catch {
      setState('failed');
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <fieldset className="fieldset mt-3">
      <label className="fieldset-legend" htmlFor={id}>
        {field.label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={id}
          className="input w-full font-mono"
          readOnly
          value={field.value}
          onFocus={(e) => e.currentTarget.select()}
          // Copied by hand (Ctrl+C, the context menu) counts as copied too.
          onCopy={() => {
            setState('copied');
            onCopied();
          }}
        />
        <button type="button" className={`btn shrink-0 ${state === 'copied' ? 'btn-success' : ''}`} onClick={() => void copy()}>
          {state === 'copied' ? (
            <>
              <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="m5 13 4 4L19 7" />
              </svg>
              {t`Copied`}
            </>
          ) : (
            field.copyLabel
          )}
        </button>
      </div>
      <p role="status" className="text-sm">
        {state === 'copied' && <Trans>Copied to the clipboard.</Trans>}
        {state === 'failed' && <Trans>This browser did not allow copying. The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.</Trans>}
      </p>
    </fieldset>
  );
}
