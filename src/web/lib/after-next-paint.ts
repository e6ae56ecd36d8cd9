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
