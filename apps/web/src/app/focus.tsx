import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';

/**
 * Where the keyboard's focus goes (issue 13, item 3): to the content from the skip link, to the new
 * page's heading after a navigation, back into the page when what held it disappears (a deleted
 * row, a dialog whose opener is gone), to the first invalid field of a refused save. A keyboard or
 * screen reader user otherwise starts again from the top of the document after each of these.
 */

/** The focus target of a page: its heading (the first h1 of main), else main itself; public pages without main, their first h1. */
export function pageHeading(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('main');
  return main?.querySelector<HTMLElement>('h1') ?? main ?? document.querySelector<HTMLElement>('h1');
}

const NATURALLY_FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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

/** The first element inside `container` a user could Tab to. */
export function firstFocusableIn(container: Element): HTMLElement | null {
  return container.querySelector<HTMLElement>(FOCUSABLE);
}

function isRendered(element: Element): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * After a refused save, the first field that says why: antd's focusField reaches the controls that
 * expose focus(), the DOM the others (a date range, the files input). Waits for the errors to show.
 */
export async function focusFirstError(form: FormInstance): Promise<void> {
  await nextFrame();
  await nextFrame();
  const first = form.getFieldsError().find((field) => field.errors.length > 0);
  if (!first) return;
  form.focusField(first.name);
  const active = document.activeElement;
  if (active && active !== document.body && active.closest('.ant-form-item-has-error')) return;
  const item = Array.from(document.querySelectorAll('.ant-form-item-has-error')).find(isRendered);
  const control = item && firstFocusableIn(item);
  control?.focus();
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
 * True once the user pressed a key or a pointer: a redirect while the page loads moves no focus
 * (the skip link stays first). `actedFrom` is what had the focus then: the control that led to the
 * next page, told apart from what the new page focuses itself as it mounts (React's autoFocus runs
 * before the effects that see the new address).
 */
let userActed = false;
let actedFrom: Element | null = null;
function followUserActions(): () => void {
  const acted = () => {
    userActed = true;
    actedFrom = document.activeElement;
  };
  window.addEventListener('keydown', acted, { capture: true });
  window.addEventListener('pointerdown', acted, { capture: true });
  return () => {
    window.removeEventListener('keydown', acted, { capture: true });
    window.removeEventListener('pointerdown', acted, { capture: true });
  };
}

/** How long a new page may take to draw its heading before the focus settles on main instead. */
const HEADING_WAIT_MS = 2_000;

/**
 * After the user goes to another page, the focus goes to its heading, unless the page put it
 * somewhere itself (a form's first field, the row just created). Search changes (a list's page,
 * filter or sort) keep the focus where the user is.
 */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!userActed) return;
    const origin = actedFrom;
    const started = performance.now();
    let frame = 0;
    const settle = () => {
      const active = document.activeElement;
      const main = document.querySelector('main');
      const waited = performance.now() - started;
      const placedByPage =
        active &&
        active !== document.body &&
        active !== origin &&
        active !== main &&
        active.isConnected &&
        (main ? main.contains(active) : true);
      if (placedByPage && !active.closest('[role="dialog"]')) return;
      // A dialog that led here (the command palette) is still closing: wait until it gives the focus back.
      const inDialog = Boolean(active?.closest('[role="dialog"]')) && active !== origin;
      const heading = main?.querySelector<HTMLElement>('h1');
      if ((inDialog || !heading) && waited < HEADING_WAIT_MS) {
        frame = requestAnimationFrame(settle);
        return;
      }
      if (inDialog) return;
      focusPageHeading();
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/**
 * Fixes the page keeps applying as antd draws (one observer for the whole console):
 * - the measure row antd draws under a horizontally scrolled table copies the header, with its
 *   "select all" checkbox: invisible (0 px high, aria-hidden) yet a Tab stop. It is made inert.
 * - the side menu's submenu titles are reachable with the arrows only: they become Tab stops too.
 * - when what had the focus disappears (a deleted row, a dialog's opener that went with it), the
 *   focus falls to the body and the next Tab starts from the top: it goes to the page heading.
 */
function startKeyboardFixes(): () => void {
  let lastFocused: Element | null = null;
  const onFocusIn = (event: FocusEvent) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  };
  const apply = () => {
    for (const row of document.querySelectorAll('.ant-table-measure-row:not([inert])')) row.setAttribute('inert', '');
    for (const title of document.querySelectorAll<HTMLElement>(
      '.ant-menu-inline .ant-menu-submenu-title[tabindex="-1"]:not([aria-disabled="true"])',
    )) {
      title.tabIndex = 0;
    }
    const active = document.activeElement;
    if ((!active || active === document.body) && lastFocused && !isRendered(lastFocused)) {
      lastFocused = null;
      focusPageHeading();
    }
  };
  document.addEventListener('focusin', onFocusIn);
  const observer = new MutationObserver(apply);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  apply();
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}

/** The root route's element: the focus rules above for every page, public and private. */
export function FocusKeeper() {
  useEffect(() => {
    const stopFollowing = followUserActions();
    const stopFixes = startKeyboardFixes();
    return () => {
      stopFollowing();
      stopFixes();
    };
  }, []);
  useFocusOnNavigation();
  return <Outlet />;
}
