import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on), so costly content such as
 * a chart is built only when the reader scrolls near it. True at once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
