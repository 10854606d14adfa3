import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside this box. The box takes the focus (with a name
 * saying what it holds) so a keyboard user can scroll it with the arrows: a table of plain text,
 * or an empty one, has nothing else to focus, and antd's own scroll area is not focusable.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
