/**
 * Runs `task` once the browser has painted the next frame (a frame callback, then a task after
 * it): for work the first paint does not need. Returns a cancel function (an effect's cleanup).
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `task` once the next frame is painted and the main thread is idle (at most `timeoutMs`
 * later): for work neither the first paint nor the page's first content needs (the sync engines'
 * code, prefetches), so it does not compete with them on a slow phone.
 */
export function whenIdleAfterPaint(task: () => void, timeoutMs = 2_000): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(task, { timeout: timeoutMs });
    else timer = setTimeout(task, 0);
  });
  return () => {
    cancelPaint();
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
