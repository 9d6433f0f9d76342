/**
 * A wide table's frame on a narrow screen: it scrolls sideways, and is a named region that
 * takes the focus, so that keyboard users can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
import type { ReactNode } from 'react';

/** `labelId`: the ids of what names the region, space-separated (its name is unique). */
export function TableScroll({ labelId, children }: { labelId: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolled with the keys
    <div className="console-table-scroll" role="region" aria-labelledby={labelId} tabIndex={0}>
      {children}
    </div>
  );
}
