import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_UPDATE_CHECK_KEY, scheduleUpdateChecks, UPDATE_CHECK_INTERVAL_MS, UPDATE_CHECK_MIN_GAP_MS, type UpdateCheckOptions } from './update-checks.ts';

const MINUTE = 60_000;

let visible = true;
let online = true;
let stop: (() => void) | undefined;

function start(options: Partial<UpdateCheckOptions> = {}) {
  const check = vi.fn(() => Promise.resolve());
  const onChecked = vi.fn();
  stop = scheduleUpdateChecks({ check, onChecked, isVisible: () => visible, isOnline: () => online, ...options });
  return { check: (options.check as typeof check | undefined) ?? check, onChecked };
}

function show() {
  visible = true;
  document.dispatchEvent(new Event('visibilitychange'));
}

function hide() {
  visible = false;
  document.dispatchEvent(new Event('visibilitychange'));
}

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

/** Lets the check's promise settle (microtasks only: fake timers do not move). */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-03T08:00:00Z'));
  visible = true;
  online = true;
  localStorage.clear();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('scheduleUpdateChecks', () => {
  it('does not check at start: registering the service worker has just checked', async () => {
    const { check } = start();
    await settle();

    expect(check).not.toHaveBeenCalled();
  });

  it('counts the gap and the interval from the given last check (started later than the registration)', async () => {
    const registeredAt = Date.now();
    await vi.advanceTimersByTimeAsync(50_000);
    const { check } = start({ checkedAt: registeredAt });
    show();
    await settle();
    expect(check).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    show();
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('checks an interval (4 minutes) after the given last check', async () => {
    const registeredAt = Date.now();
    await vi.advanceTimersByTimeAsync(MINUTE);
    const { check } = start({ checkedAt: registeredAt });
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - MINUTE);

    expect(check).toHaveBeenCalledTimes(1);
  });

  it('checks when the app comes back into view, once the minimum gap has passed', async () => {
    const { check, onChecked } = start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MIN_GAP_MS);
    hide();
    show();
    await settle();

    expect(check).toHaveBeenCalledTimes(1);
    expect(onChecked).toHaveBeenCalledTimes(1);
  });

  it('does not check when the app comes into view within a minute of the last check (focus flapping)', async () => {
    const { check } = start();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    show();
    await settle();
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(2_000);
      hide();
      show();
    }
    await settle();

    // 40 s of flapping after the check: no second one.
    expect(check).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(20_000);
    hide();
    show();
    await settle();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks when the connection returns', async () => {
    const { check } = start();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    online = false;
    goOnline();
    await settle();

    expect(check).toHaveBeenCalledTimes(1);
  });

  it('does not check while offline', async () => {
    const { check } = start();
    online = false;
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    show();
    await settle();

    expect(check).not.toHaveBeenCalled();
  });

  it('checks every 4 minutes while the app is in view', async () => {
    const { check } = start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(check).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('counts the interval from the latest check, whatever started it', async () => {
    const { check } = start();
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    hide();
    show();
    await settle();
    expect(check).toHaveBeenCalledTimes(1);

    // An interval after start, only 1 minute after the check: nothing.
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 3 * MINUTE);
    expect(check).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks at most every 5 minutes in an idle visible tab: a release made at any moment is looked for within 5 minutes', async () => {
    // Issue 32: 1,721 s measured with the half-hour interval.
    expect(UPDATE_CHECK_INTERVAL_MS).toBeLessThan(5 * MINUTE);
    const checks: number[] = [];
    const check = vi.fn(() => {
      checks.push(Date.now());
      return Promise.resolve();
    });
    const startedAt = Date.now();
    start({ check });
    await vi.advanceTimersByTimeAsync(60 * MINUTE);

    expect(checks.length).toBeGreaterThanOrEqual(14);
    const gaps = [checks[0]! - startedAt, ...checks.slice(1).map((at, i) => at - checks[i]!)];
    expect(Math.max(...gaps)).toBeLessThanOrEqual(UPDATE_CHECK_INTERVAL_MS);
  });

  it('checks when the window gets the focus (a visible window beside another one)', async () => {
    const { check } = start();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    window.dispatchEvent(new Event('focus'));
    await settle();

    expect(check).toHaveBeenCalledTimes(1);
  });

  it('two visible tabs check once per interval between them, not once each', async () => {
    const first = start();
    const stopFirst = stop;
    await vi.advanceTimersByTimeAsync(90_000);
    const second = start();
    await vi.advanceTimersByTimeAsync(4 * UPDATE_CHECK_INTERVAL_MS);
    stopFirst?.();

    expect(first.check.mock.calls.length + second.check.mock.calls.length).toBe(4);
  });

  it('does not poll from a hidden tab; it checks when it comes back into view', async () => {
    const { check } = start();
    hide();
    await vi.advanceTimersByTimeAsync(3 * UPDATE_CHECK_INTERVAL_MS);
    expect(check).not.toHaveBeenCalled();

    show();
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('does not start a second check while one runs', async () => {
    let finish!: () => void;
    const check = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    start({ check });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    show();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    show();
    goOnline();
    await settle();
    expect(check).toHaveBeenCalledTimes(1);

    finish();
    await settle();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    show();
    await settle();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('ignores a failed check (offline, server down) and checks again later', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const check = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const { onChecked } = start({ check });
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
    expect(onChecked).toHaveBeenCalledTimes(1);
    expect(debug).toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('shares the last check with the other tabs through localStorage', async () => {
    const { check } = start();
    expect(Number(localStorage.getItem(LAST_UPDATE_CHECK_KEY))).toBe(Date.now());

    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    // Another tab checked 30 s ago.
    localStorage.setItem(LAST_UPDATE_CHECK_KEY, String(Date.now() - 30_000));
    show();
    await settle();
    expect(check).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(30_000);
    show();
    await settle();
    expect(check).toHaveBeenCalledTimes(1);
    expect(Number(localStorage.getItem(LAST_UPDATE_CHECK_KEY))).toBe(Date.now());
  });

  it('still throttles when the shared record cannot be read', async () => {
    const lastCheck = { read: () => 0, write: () => undefined };
    const { check } = start({ lastCheck });
    show();
    goOnline();
    await settle();

    expect(check).not.toHaveBeenCalled();
  });

  it('stops: no more checks, no listeners', async () => {
    const { check } = start();
    stop?.();
    await vi.advanceTimersByTimeAsync(3 * UPDATE_CHECK_INTERVAL_MS);
    show();
    goOnline();
    await settle();

    expect(check).not.toHaveBeenCalled();
  });
});
