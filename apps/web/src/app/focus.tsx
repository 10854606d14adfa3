import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { focusElement, pageHeading } from './page-focus';

/**
 * Where the keyboard's focus goes (issue 13, item 3): to the content from the skip link, to the new
 * page's heading after a navigation, back into the page when what held it disappears (a deleted
 * row, a dialog whose opener is gone), to the first invalid field of a refused save. A keyboard or
 * screen reader user otherwise starts again from the top of the document after each of these.
 *
 * What every first screen needs (the skip link, the heading) is here; the rest (focus-fixes.ts)
 * loads after the first render, out of the sign-in page's and a list's first JavaScript.
 */

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
      {t('common.skipToContent')}
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
