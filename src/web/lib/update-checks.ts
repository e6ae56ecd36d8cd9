// When an open tab or installed window looks for a new release. The browser itself checks the
// service worker only on a full page load (and on its own schedule, at most once a day), so a
// window kept open all day would never learn of a deploy. This checks when the app comes back
// into view or gets the focus, when the connection returns and every 4 minutes while it is in
// view (a depot tablet left on the scan page is offered a release within 5 minutes: the check,
// then the new worker's install), never twice within a minute, counted across the tabs of this
// browser (they share one registration: one check finds the new release for all of them; the
// tabs' timers follow the latest check of any of them), so switching windows back and forth does
// not hammer the server. A check is registration.update(): a conditional GET of /sw.js past the
// HTTP cache (updateViaCache 'imports'; the server sends it no-cache with an ETag), 304 when
// nothing changed.

/** While the app is in view: a check at least this often. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60_000;
/** Coming into view or back online: no check when one ran less than this long ago (in any tab). */
export const UPDATE_CHECK_MIN_GAP_MS = 60_000;
/** A timer that fires this much early still counts as due (timers are not exact). */
const TIMER_SLACK_MS = 1_000;
/** localStorage: when any tab of this browser last checked (epoch ms). */
export const LAST_UPDATE_CHECK_KEY = 'sw-update-checked-at';

export interface UpdateCheckOptions {
  /** Looks for a new release (registration.update()); a rejection (offline, server down) is ignored. */
  check: () => Promise<unknown>;
  /** Called after each check has run (found something or not, failed or not). */
  onChecked?: () => void;
  intervalMs?: number;
  minGapMs?: number;
  now?: () => number;
  /** Default: document.visibilityState === 'visible'. */
  isVisible?: () => boolean;
  /** Default: navigator.onLine. */
  isOnline?: () => boolean;
  /** When any tab last checked; default: localStorage `sw-update-checked-at`. */
  lastCheck?: { read: () => number; write: (at: number) => void };
  /** When this tab last checked; default: now (registering the service worker checks). */
  checkedAt?: number;
}

/** Starts the checks; answers a function that stops them. The first comes at the next trigger. */
export function scheduleUpdateChecks(options: UpdateCheckOptions): () => void {
  const {
    check,
    onChecked,
    intervalMs = UPDATE_CHECK_INTERVAL_MS,
    minGapMs = UPDATE_CHECK_MIN_GAP_MS,
    now = Date.now,
    isVisible = () => document.visibilityState === 'visible',
    isOnline = () => navigator.onLine !== false,
    lastCheck = storedLastCheck,
    checkedAt = now(),
  } = options;

  let running = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // This tab's own latest check counts too, should the shared record be unreadable.
  let last = checkedAt;
  if (last > lastCheck.read()) lastCheck.write(last);

  /** The next interval check, counted from the latest check. */
  const arm = (delay = intervalMs) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(onTimer, delay);
  };

  const maybeCheck = () => {
    if (stopped || running || !isOnline()) return;
    const at = now();
    if (at - Math.max(last, lastCheck.read()) < minGapMs) return;
    last = at;
    lastCheck.write(at);
    running = true;
    arm();
    void Promise.resolve()
      .then(check)
      .catch((error: unknown) => console.debug('Update check failed', error))
      .finally(() => {
        running = false;
        if (!stopped) onChecked?.();
      });
  };

  function onTimer() {
    // Another tab checked meanwhile: the next one is due an interval after that.
    const due = Math.max(last, lastCheck.read()) + intervalMs;
    if (due - now() > TIMER_SLACK_MS) {
      arm(due - now());
      return;
    }
    // A hidden tab waits: it checks when it comes back into view.
    if (isVisible()) maybeCheck();
    if (!running) arm();
  }
  const onVisibility = () => {
    if (isVisible()) maybeCheck();
  };

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', onVisibility);
  window.addEventListener('online', maybeCheck);
  arm(Math.max(0, checkedAt + intervalMs - now()));
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', onVisibility);
    window.removeEventListener('online', maybeCheck);
  };
}

const storedLastCheck = {
  read(): number {
    try {
      return Number(localStorage.getItem(LAST_UPDATE_CHECK_KEY)) || 0;
    } catch {
      return 0;
    }
  },
  write(at: number): void {
    try {
      localStorage.setItem(LAST_UPDATE_CHECK_KEY, String(at));
    } catch {
      // storage unavailable: each tab counts its own checks
    }
  },
};
