/**
 * Moving the focus to a page's heading, shared by what every first screen runs (focus.tsx) and the
 * rules it loads after the first render (focus-fixes.ts), so that neither of those imports the other.
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
