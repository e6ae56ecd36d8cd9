import { useLingui } from '@lingui/react/macro';
import { showToast } from './toast-store.ts';

/** Copies a value to the clipboard and says so; `label` names what is copied for screen readers. */
export function CopyButton({ value, label, className = 'btn btn-ghost btn-xs' }: { value: string; label: string; className?: string }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t`Copied to the clipboard.`, 'info');
    } catch {
      showToast(t`Could not copy. Select the text and copy it yourself.`, 'error');
    }
  };
  return (
    <button type="button" className={className} onClick={() => void copy()} aria-label={label} title={label}>
      <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="1.5" d="M8 16H6a2 2 0 01-2-2V6a2 2 0 012-2h8a2 2 0 012 2v2m-6 12h8a2 2 0 002-2v-8a2 2 0 00-2-2h-8a2 2 0 00-2 2v8a2 2 0 002 2z" />
      </svg>
    </button>
  );
}
