import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import './scroll-table.css';

/** Shown under a table wider than its box. */
export const SCROLL_TABLE_HINT = 'Scroll the table sideways to see all its columns.';

/**
 * A table in a box that scrolls sideways when the table is wider, so the page itself never does. Then shadows at the
 * edges and a line under the table say there is more, and the box takes keyboard focus so arrow keys scroll it.
 * The box is a size container: `@container` rules in a table's styles (e.g. .hide-narrow) follow the room it has.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    // The box narrows with the window; the table widens with its rows.
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      {/* A named, focusable region only while there is something to scroll to. */}
      <div
        ref={box}
        className="table-scroll"
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? label : undefined}
        tabIndex={overflows ? 0 : undefined}
        data-overflows={overflows || undefined}
      >
        {children}
      </div>
      {overflows ? <p className="table-scroll-hint">{SCROLL_TABLE_HINT}</p> : null}
    </>
  );
}
