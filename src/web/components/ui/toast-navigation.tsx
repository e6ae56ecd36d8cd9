import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { dismissStaleToast } from './toast-store.ts';

/**
 * Drops the toast when the user moves to another page (a toast raised as part of that navigation
 * stays, see dismissStaleToast). Mounted beside the Toaster in the app's root route: apart from
 * it so that the public tracking page, which shares the Toaster but has no router, does not load
 * the router.
 */
export function ToastNavigationWatch() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) dismissStaleToast();
      }),
    [router],
  );
  return null;
}
