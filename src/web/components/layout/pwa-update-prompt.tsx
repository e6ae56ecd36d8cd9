import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Registering has just looked for a new release and the next look is due a minute later at the
 * soonest (UPDATE_CHECK_MIN_GAP_MS): the code that schedules them loads then, not with the first
 * page (every sign-in page would carry it).
 */
export const UPDATE_CHECKS_LOAD_AFTER_MS = 60_000;

/**
 * The offer appears only once no key has come for this long: never in the middle of a
 * keyboard-wedge scan burst (keys ≤ 50 ms apart, pauses up to a second: note 60) or of typing, where
 * a box appearing under a finger or a hand could take a tap meant for the page.
 */
export const OFFER_AFTER_QUIET_MS = 3_000;

// The offer itself loads when there is something to offer.
const UpdateOffer = lazy(() => import('./update-offer.tsx').then((m) => ({ default: m.UpdateOffer })));

/**
 * "Update available, reload": the service worker's registration (workbox-window through
 * vite-plugin-pwa, prompt mode) and the offer to move to a new release.
 *
 * A new release is looked for when the app comes back into view or gets the focus, when the
 * connection returns and every 4 minutes (lib/update-checks.ts). Its worker then waits and every open tab offers the
 * reload. Reload in one tab tells the waiting worker to take over (skipWaiting); it then controls
 * every tab of the portal at once. Only the tab where Reload was pressed reloads by itself: the
 * others, which may hold half-typed input, say that the portal was updated and offer the reload,
 * leaving the moment to the user. Later hides the offer until the next check. The offer never
 * interrupts: it waits for a pause in the keys (OFFER_AFTER_QUIET_MS), takes no focus (a status,
 * not a dialog), and nothing reloads but a press of its Reload.
 */
export function PwaUpdatePrompt({ reload = () => window.location.reload() }: { reload?: () => void }) {
  // Whether Reload was pressed in this tab (read by the workbox-window callbacks, made once).
  const requested = useRef(false);
  // Read by the callbacks, which workbox-window keeps from the first render.
  const [reloadPage] = useState(() => reload);
  const [updatedElsewhere, setUpdatedElsewhere] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [registered, setRegistered] = useState<{ registration: ServiceWorkerRegistration; at: number } | null>(null);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setRegistered({ registration, at: Date.now() });
    },
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
    // The new worker took control of this tab (vite-plugin-pwa would reload every tab here).
    onNeedReload() {
      if (requested.current) {
        reloadPage();
        return;
      }
      setUpdatedElsewhere(true);
      setDismissed(false);
    },
  });

  // When a key (a scanner's or a person's) last came, in any field of this tab.
  const lastKeyAt = useRef(0);
  useEffect(() => {
    const onKey = () => {
      lastKeyAt.current = Date.now();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('input', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('input', onKey, true);
    };
  }, []);

  const pending = (needRefresh || updatedElsewhere) && !dismissed;
  // Once shown, the offer stays put while keys come (it takes no focus); it appears only in a pause.
  const [appeared, setAppeared] = useState(false);
  if (!pending && appeared) setAppeared(false);
  useEffect(() => {
    if (!pending || appeared) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const appearWhenQuiet = () => {
      const wait = lastKeyAt.current + OFFER_AFTER_QUIET_MS - Date.now();
      if (wait <= 0) setAppeared(true);
      else timer = setTimeout(appearWhenQuiet, wait);
    };
    appearWhenQuiet();
    return () => clearTimeout(timer);
  }, [pending, appeared]);

  useEffect(() => {
    if (!registered) return;
    const { registration, at } = registered;
    let stop: (() => void) | undefined;
    let ended = false;
    const timer = setTimeout(() => {
      import('#web/lib/update-checks.ts')
        .then(({ scheduleUpdateChecks }) => {
          if (ended) return;
          stop = scheduleUpdateChecks({
            // A worker already being installed is a check under way.
            check: () => (registration.installing ? Promise.resolve() : registration.update()),
            // Later lasts until the next check: an offer still open shows again.
            onChecked: () => setDismissed(false),
            checkedAt: at,
          });
        })
        .catch((error: unknown) => console.error('Update checks could not start', error));
    }, UPDATE_CHECKS_LOAD_AFTER_MS);
    return () => {
      ended = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [registered]);

  if (!pending || !appeared) return null;

  const onReload = () => {
    requested.current = true;
    // Already active (taken over from another tab), or gone: a plain reload loads the new release.
    if (updatedElsewhere || !registered?.registration.waiting) reloadPage();
    else void updateServiceWorker(true);
  };

  return (
    <Suspense fallback={null}>
      <UpdateOffer updatedElsewhere={updatedElsewhere} onReload={onReload} onLater={() => setDismissed(true)} />
    </Suspense>
  );
}
