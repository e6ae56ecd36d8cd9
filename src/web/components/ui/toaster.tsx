import { lazy, Suspense } from 'react';
import { useToast } from './toast-store.ts';
import type { ToastView as ToastViewType } from './toast-view.tsx';

// The toast's view loads with the first toast: no page needs it to show its first screen. Once
// loaded it is used directly (no Suspense turn for the toasts after the first).
let loaded: typeof ToastViewType | null = null;
/** Loads the toast's view ahead of the first toast (tests; a page may warm it up too). */
export const preloadToastView = () =>
  import('./toast-view.tsx').then((m) => {
    loaded = m.ToastView;
    return { default: m.ToastView };
  });
const LazyToastView = lazy(preloadToastView);

/**
 * The one toast (decision beside TOAST_REMOVE_DELAY_MS in shared/domain/limits.ts). On phones it
 * sits at the top, below the header; from 640 px at the bottom centre. While it shows, the
 * document's scroll padding keeps focused fields clear of it and the page keeps room below its
 * last rows and buttons for it. A toast goes when the user moves to another page
 * (ToastNavigationWatch, mounted beside it where there is a router).
 */
export function Toaster() {
  const toast = useToast();
  if (!toast) return null;
  const View = loaded;
  if (View) return <View key={toast.id} toast={toast} />;
  return (
    <Suspense fallback={null}>
      <LazyToastView key={toast.id} toast={toast} />
    </Suspense>
  );
}
