import type { FormInstance } from 'antd';
import { focusPageHeading } from './page-focus';

/**
 * The focus rules that run once the page is drawn (focus.tsx loads them after the first render):
 * the focus after a navigation, the focus kept in the page when what held it disappears, the
 * invisible Tab stops antd leaves, and the first invalid field of a refused save.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isRendered(element: Element): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

/** The first element inside `container` a user could Tab to. */
export function firstFocusableIn(container: Element): HTMLElement | null {
  return container.querySelector<HTMLElement>(FOCUSABLE);
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

/**
 * True once the user pressed a key or a pointer: a redirect while the page loads moves no focus
 * (the skip link stays first). `actedFrom` is what had the focus then: the control that led to the
 * next page, told apart from what the new page focuses itself as it mounts (React's autoFocus runs
 * before the effects that see the new address).
 */
let userActed = false;
let actedFrom: Element | null = null;
/** The address the user last acted on: acting on the new page already (its field focused, typed in) ends the move to its heading. */
let actedOn = '';
function followUserActions(): () => void {
  const acted = () => {
    userActed = true;
    actedFrom = document.activeElement;
    actedOn = window.location.pathname;
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
export function focusAfterNavigation(pathname: string): () => void {
  if (!userActed) return () => {};
  const origin = actedFrom;
  const started = performance.now();
  let frame = 0;
  const settle = () => {
    // The user acted on the new page already (a key pressed in the field it focused, before this
    // ran on a busy machine): they are where they want to be. The action that led here was taken
    // on the page before.
    if (actedOn === pathname) return;
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
}

/**
 * Fixes the page keeps applying as antd draws (one observer for the whole console):
 * - the measure row antd draws under a horizontally scrolled table copies the header, with its
 *   "select all" checkbox: invisible (0 px high, aria-hidden) yet a Tab stop. It is made inert.
 * - the side menu's submenu titles are reachable with the arrows only: they become Tab stops too.
 * - when what had the focus disappears (a deleted row, a dialog's opener that went with it), the
 *   focus falls to the body and the next Tab starts from the top: it goes to the page heading.
 */
export function startKeyboardFixes(): () => void {
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
  const stopFollowing = followUserActions();
  document.addEventListener('focusin', onFocusIn);
  const observer = new MutationObserver(apply);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
  apply();
  return () => {
    stopFollowing();
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}

let shown: string | undefined;
let cancelSettling: (() => void) | undefined;

/**
 * Told each address the router shows (focus.tsx): starts the fixes on the first, and after the
 * user goes to another page moves the focus to it (a search change, a list's page or filter, is
 * no new page: the router tells the same path again, or nothing).
 */
export function followPage(pathname: string): void {
  if (shown === undefined) startKeyboardFixes();
  else if (pathname !== shown) {
    cancelSettling?.();
    cancelSettling = focusAfterNavigation(pathname);
  }
  shown = pathname;
}
