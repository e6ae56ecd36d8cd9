import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Wide dialogs hold two-column forms. */
  wide?: boolean;
}

/**
 * A daisyUI modal on the native <dialog> for a form: Escape closes it, focus returns to where it
 * was when it opened. Its content mounts only while open, so every opening starts a fresh form.
 * A click on the backdrop does not close it (it would lose what was typed).
 */
export function FormDialog({ open, title, onClose, children, wide = false }: FormDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement;
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select, textarea, button');
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <div className={`modal-box max-h-[90dvh] ${wide ? 'sm:max-w-3xl' : 'sm:max-w-lg'}`}>
        <h2 id={titleId} className="mb-2 text-lg font-bold">
          {title}
        </h2>
        {open && children}
      </div>
    </dialog>
  );
}
