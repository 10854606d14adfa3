import { Tooltip, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Headings that look like the text around them (the card's title draws size and weight), as app/page-title.tsx's. */
const INHERITED: CSSProperties = { margin: 0, font: 'inherit', color: 'inherit' };

/** A section of the dashboard ("In the period", "Now"): level two under the page's one h1. */
export function SectionHeading({ id, children, extra }: { id: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', margin: '8px 0 12px' }}>
      <h2 id={id} style={{ margin: 0, fontSize: 18, fontWeight: 600 }}>
        {children}
      </h2>
      {extra}
    </div>
  );
}

/** A card's title, level three under its section. */
export function CardHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} style={INHERITED}>
      {children}
    </h3>
  );
}

/**
 * "—" for a figure with no value, with why in a tooltip (on hover and on focus, so the keyboard
 * reaches it) and in words a screen reader reads.
 */
export function NoValue({ why, testId }: { why: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={why}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the focus is what shows the tooltip's reason to a keyboard user */}
      <span tabIndex={0} data-testid={testId} style={{ cursor: 'help' }}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">
          {t('dashboardPage.noValue')}: {why}
        </span>
      </span>
    </Tooltip>
  );
}

/**
 * A table wider than its card scrolls sideways inside this box, which takes the focus (named by what
 * it holds) so a keyboard scrolls it with the arrows, as kit/list/scroll-region.tsx does for the
 * lists. Not imported from there: that module is a chunk of its own, and one more file name in the
 * route table's preload lists weighs on every first screen (e2e/first-screen.test.ts).
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}

/**
 * A share (0 to 1) as a bar, drawn with the theme's tokens; decoration only (the figure beside it
 * says the value), so it is hidden from screen readers.
 */
export function ShareBar({ share, color, height = 8 }: { share: number; color?: string; height?: number }) {
  const { token } = theme.useToken();
  const width = `${Math.max(0, Math.min(1, share)) * 100}%`;
  return (
    <div aria-hidden="true" style={{ height, borderRadius: height / 2, background: token.colorFillSecondary, overflow: 'hidden' }}>
      <div style={{ width, height: '100%', borderRadius: height / 2, background: color ?? token.colorPrimary }} />
    </div>
  );
}
