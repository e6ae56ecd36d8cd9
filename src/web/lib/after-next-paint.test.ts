import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterPaint } from './after-next-paint.ts';

describe('whenIdleAfterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the task after the next frame, when the browser is idle, and not once cancelled', () => {
    vi.useFakeTimers();
    const frames: Array<FrameRequestCallback | undefined> = [];
    const idles: IdleRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback) - 1);
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id] = undefined;
    });
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const task = vi.fn();
    whenIdleAfterPaint(task);
    expect(idles).toHaveLength(0);
    frames[0]!(0);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    expect(idles).toHaveLength(1);
    idles.shift()!({ didTimeout: false, timeRemaining: () => 10 });
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = whenIdleAfterPaint(cancelled);
    cancel();
    frames[1]?.(0);
    vi.runAllTimers();
    expect(idles).toHaveLength(0);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
