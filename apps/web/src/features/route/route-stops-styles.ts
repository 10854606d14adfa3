import type { CSSProperties } from 'react';

/**
 * The stops list's layout: a numbered row per stop whose text takes the width left by its buttons and
 * wraps (a phone at 390 px shows the code, name and address on lines of their own, the buttons kept).
 */
export const STOP_STYLES = {
  root: { display: 'flex', flexDirection: 'column', gap: 8, width: '100%' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 },
  stop: {
    display: 'flex',
    alignItems: 'center',
    gap: 8,
    padding: '6px 8px',
    border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
    borderRadius: 6,
  },
  /** Where a stop is taken to drag it (the whole row drags; the grip says so). */
  handle: { flex: '0 0 auto', cursor: 'grab', color: 'var(--ant-color-text-tertiary, #8c8c8c)', padding: '0 2px' },
  dragged: { opacity: 0.45 },
  /** The row a dragged stop would land before or after: a line on that side. */
  dropBefore: { boxShadow: 'inset 0 3px 0 var(--ant-color-primary, #1677ff)' },
  dropAfter: { boxShadow: 'inset 0 -3px 0 var(--ant-color-primary, #1677ff)' },
  number: {
    flex: '0 0 auto',
    minWidth: 28,
    height: 28,
    borderRadius: 14,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 600,
    background: 'var(--ant-color-primary-bg, #e6f4ff)',
    color: 'var(--ant-color-primary-text, #0958d9)',
  },
  text: { flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' },
  title: { display: 'flex', flexWrap: 'wrap', columnGap: 8 },
  place: { fontSize: 13 },
  actions: { flex: '0 0 auto' },
  distance: { display: 'flex', flexDirection: 'column', gap: 6, marginTop: 4 },
  hint: { fontSize: 13 },
} satisfies Record<string, CSSProperties>;
