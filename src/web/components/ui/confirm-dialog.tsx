import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button's colour: error for destructive actions. */
  tone?: 'error' | 'primary';
  /** While the confirmed action runs: the confirm button spins and the dialog stays open. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A daisyUI modal on the native <dialog>: focus starts on Cancel (the safe choice), Escape and a
 * click on the backdrop cancel, focus returns to where it was when the dialog closes.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, tone = 'error', busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        // Escape: the parent decides (it closes the dialog by setting open to false).
        event.preventDefault();
        cancel();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. a second Escape): keep the parent's state in step.
        if (open) onCancel();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children && (
          <div id={bodyId} className="py-4">
            {children}
          </div>
        )}
        <div className="modal-action">
          <button ref={cancelRef} type="button" className="btn" onClick={cancel} disabled={busy}>
            {cancelLabel ?? t`Cancel`}
          </button>
          <button type="button" className={`btn ${tone === 'error' ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={cancel} />
    </dialog>
  );
}
