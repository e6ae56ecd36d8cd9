import { useLingui } from '@lingui/react/macro';
import { dismissToast, useToast } from './toast-store.ts';

const KIND_CLASS = { success: 'alert-success', error: 'alert-error', info: 'alert-info' } as const;

/** Bottom centre: a toast stays until dismissed (spec: 1,000,000 ms), so it must not cover the primary buttons at the right. */
export function Toaster() {
  const toast = useToast();
  const { t } = useLingui();
  if (!toast) return null;
  return (
    <div className="toast toast-center toast-bottom z-50" role={toast.kind === 'error' ? 'alert' : 'status'} aria-live="polite">
      <div className={`alert ${KIND_CLASS[toast.kind]} shadow-lg`}>
        <span>{toast.message}</span>
        <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t`Dismiss`} onClick={() => dismissToast(toast.id)}>
          ✕
        </button>
      </div>
    </div>
  );
}
