import { useLingui } from '@lingui/react/macro';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { dismissToast, pauseToast, resumeToast, type Toast, type ToastKind } from './toast-store.ts';

const KIND_CLASS: Record<ToastKind, string> = { success: 'alert-success', error: 'alert-error', info: 'alert-info', warning: 'alert-warning' };

/** The room the toast takes at the bottom of the window, for `#content` to keep free below the page (styles.css). */
const SPACE_VARIABLE = '--toast-space-bottom';

/** One toast on screen: its clock, its action, and the room it keeps (loaded with the first toast). */
export function ToastView({ toast }: { toast: Toast }) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.visibilityState === 'hidden');
  const [running, setRunning] = useState(false);
  const { id, action } = toast;

  // The clock stands still while someone reads or works with the toast, or cannot see it.
  const held = hovered || focused || hidden || running;
  useEffect(() => {
    if (held) pauseToast(id);
    else resumeToast(id);
  }, [held, id]);

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useKeepClear(box);

  const runAction = async () => {
    if (!action) return;
    setRunning(true);
    try {
      await action.run();
      dismissToast(id);
    } catch (error) {
      // The action reports its own failures; this one escaped it.
      console.error('The toast action failed', error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div
      ref={box}
      className="toast toast-center top-[4.5rem] bottom-auto z-50 w-[calc(100vw-1.5rem)] max-w-xl sm:top-auto sm:bottom-3 sm:w-max"
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(id);
      }}
    >
      <div className={`alert ${KIND_CLASS[toast.kind]} flex items-center gap-2 shadow-lg`}>
        <KindIcon kind={toast.kind} />
        <span className="min-w-0 flex-1 whitespace-normal">{toast.message}</span>
        {action && (
          <button type="button" className="btn btn-sm shrink-0" disabled={running} aria-busy={running} onClick={() => void runAction()}>
            {running && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {action.label}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm btn-circle shrink-0" aria-label={t`Dismiss`} onClick={() => dismissToast(id)}>
          ✕
        </button>
      </div>
    </div>
  );
}

/**
 * While the toast shows: the document's scroll padding keeps what gets the focus (or is scrolled
 * into view) clear of it, and SPACE_VARIABLE tells the page how much room to keep below its end.
 */
function useKeepClear(box: React.RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof window === 'undefined') return;
    const root = document.documentElement;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const atTop = rect.top < window.innerHeight / 2;
      const gap = 8;
      root.style.scrollPaddingTop = atTop ? `${Math.round(rect.bottom + gap)}px` : '';
      const below = atTop ? 0 : Math.round(window.innerHeight - rect.top + gap);
      root.style.scrollPaddingBottom = below ? `${below}px` : '';
      if (below) root.style.setProperty(SPACE_VARIABLE, `${below}px`);
      else root.style.removeProperty(SPACE_VARIABLE);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.scrollPaddingTop = '';
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty(SPACE_VARIABLE);
    };
  }, [box]);
}

function KindIcon({ kind }: { kind: ToastKind }): ReactNode {
  const paths: Record<ToastKind, string> = {
    success: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
    info: 'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
    warning: 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
    error: 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z',
  };
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="h-5 w-5 shrink-0" fill="none" viewBox="0 0 24 24" strokeWidth="1.5" stroke="currentColor" aria-hidden="true">
      <path strokeLinecap="round" strokeLinejoin="round" d={paths[kind]} />
    </svg>
  );
}
