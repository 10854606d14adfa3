import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';

/**
 * Where the keyboard's focus goes (issue 13, item 3): to the content from the skip link, to the new
 * page's heading after a navigation, back into the page when what held it disappears (a deleted
 * row, a dialog whose opener is gone), to the first invalid field of a refused save. A keyboard or
 * screen reader user otherwise starts again from the top of the document after each of these.
 *
 * What every first screen needs (the skip link, the heading) is here; the rest (focus-fixes.ts)
 * loads after the first render, out of the sign-in page's and a list's first JavaScript.
 */

/** The focus target of a page: its heading (the first h1 of main), else main itself; public pages without main, their first h1. */
export function pageHeading(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('main');
  return main?.querySelector<HTMLElement>('h1') ?? main ?? document.querySelector<HTMLElement>('h1');
}

const NATURALLY_FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/** Focuses `element`, making it focusable from script (not a Tab stop) when it is not already. */
export function focusElement(element: HTMLElement, options?: FocusOptions): void {
  if (!element.matches(NATURALLY_FOCUSABLE)) element.tabIndex = -1;
  element.focus(options);
}

/** Moves the focus to the page's heading (after a delete, a navigation, a lost focus). */
export function focusPageHeading(): void {
  const heading = pageHeading();
  if (heading) focusElement(heading);
}

/** The skip link (WCAG 2.4.1): the first Tab stop of every page, shown when focused, taking the focus to the main content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link for assistive tech; the click moves focus itself so the router never sees a hash change
    <a
      href="#main-content"
      className="skip-link"
      data-testid="skip-link"
      onClick={(event) => {
        // The router would treat the hash as a navigation: move the focus ourselves.
        event.preventDefault();
        const target = document.querySelector<HTMLElement>('main') ?? pageHeading();
        if (target) focusElement(target);
      }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}

/**
 * The root route's element: the focus rules of focus-fixes.ts (loaded after the first render) for
 * every page, public and private, told each address the router shows.
 */
export function FocusKeeper() {
  const { pathname } = useLocation();
  useEffect(() => {
    void import('./focus-fixes').then((fixes) => fixes.followPage(pathname));
  }, [pathname]);
  return <Outlet />;
}
