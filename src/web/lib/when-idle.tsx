import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdleAfterPaint } from './after-next-paint.ts';

/**
 * Renders `children` (often React.lazy components: their code loads then) once the first paint is
 * done and the main thread is idle (whenIdleAfterPaint), for what that paint does not need. Only
 * this component re-renders when the moment comes, not the page around it: a state of the page's
 * own would render the whole page again, a long task on a phone just after its first content.
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterPaint(() => setIdle(true)), []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}
