import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether `content` (an invisible copy laid out at its natural width) fits into `area`. Re-checked
 * whenever either changes size: a narrower window, a longer language, another user's name. The
 * observer's first report comes before the first paint, so a layout that does not fit never shows.
 */
export function useFits(area: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const areaElement = area.current;
    const contentElement = content.current;
    if (!areaElement || !contentElement || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFits(contentElement.scrollWidth <= areaElement.clientWidth));
    observer.observe(areaElement);
    observer.observe(contentElement);
    return () => observer.disconnect();
  }, [area, content]);
  return fits;
}
