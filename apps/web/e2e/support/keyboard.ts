import type { Page } from 'playwright-core';
import { vi } from 'vitest';

/**
 * What a keyboard user meets: the element that has the focus, described as a test can assert it,
 * and the walk of Tab presses through a page with every stop the user could not see.
 */

export type FocusedElement = {
  tag: string;
  id: string;
  role: string;
  testId: string;
  /** The accessible name as far as the page says it (aria-label, else the text). */
  name: string;
  /** True for the first h1 of the main landmark, or main itself when it has none (the page's heading). */
  isPageHeading: boolean;
  /** True when the element is inside the main landmark. */
  inMain: boolean;
  /** Why the user cannot see it (zero size, clipped away, hidden, aria-hidden); empty when visible. */
  invisible: string;
  /** The record id of a list row's open link (data-record-id). */
  recordId: string;
  /** True when the element draws a focus indicator (an outline or a box shadow) while focused. */
  hasFocusRing: boolean;
};

/** Describes document.activeElement; `null` when the focus is on the page body (lost). */
export function focused(page: Page): Promise<FocusedElement | null> {
  return page.evaluate(async () => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    // antd animates `all` on its controls, the ring's width with it: measure it once the transitions are over.
    const transitions = document.getAnimations().filter((animation) => animation.constructor.name === 'CSSTransition');
    await Promise.race([
      Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ]);
    const main = document.querySelector('main');
    const heading = main?.querySelector('h1') ?? main;
    const rect = element.getBoundingClientRect();
    let invisible = '';
    const style = getComputedStyle(element);
    if (rect.width < 1 || rect.height < 1) invisible = `zero size (${rect.width}x${rect.height})`;
    else if (style.visibility === 'hidden') invisible = 'visibility hidden';
    if (!invisible && element.closest('[aria-hidden="true"]')) invisible = 'inside aria-hidden';
    if (!invisible) {
      // Clipped away by an ancestor that hides its overflow (a 0 px wide menu, a 0 px high measure row).
      let visible = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (parentStyle.visibility === 'hidden') {
          invisible = 'ancestor visibility hidden';
          break;
        }
        if (parentStyle.overflowX !== 'visible' || parentStyle.overflowY !== 'visible') {
          const box = parent.getBoundingClientRect();
          visible = {
            left: Math.max(visible.left, parentStyle.overflowX === 'visible' ? visible.left : box.left),
            right: Math.min(visible.right, parentStyle.overflowX === 'visible' ? visible.right : box.right),
            top: Math.max(visible.top, parentStyle.overflowY === 'visible' ? visible.top : box.top),
            bottom: Math.min(visible.bottom, parentStyle.overflowY === 'visible' ? visible.bottom : box.bottom),
          };
          if (visible.right - visible.left < 1 || visible.bottom - visible.top < 1) {
            invisible = `clipped by ${parent.tagName.toLowerCase()}.${String(parent.className).split(' ')[0]}`;
            break;
          }
        }
      }
    }
    // Where the console draws the ring (global.css): on the element, on the box around a bare input
    // (input with prefix, select, picker), on a checkbox's box, on a menu entry around its link.
    const ring = (() => {
      const drawsRing = (candidate: Element | null | undefined) => {
        if (!candidate) return false;
        const candidateStyle = getComputedStyle(candidate);
        return candidateStyle.outlineStyle !== 'none' && Number.parseFloat(candidateStyle.outlineWidth) >= 2;
      };
      return (
        drawsRing(element) ||
        drawsRing(
          element.closest(
            '.ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-select, .ant-menu-item, .ant-checkbox, .ant-radio',
          ),
        )
      );
    })();
    // biome-ignore lint/performance/useDomNodeTextContent: the text a user sees, not hidden nodes'
    const text = (element.getAttribute('aria-label') ?? element.innerText ?? element.getAttribute('title') ?? '')
      .trim()
      .replace(/\s+/g, ' ');
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      role: element.getAttribute('role') ?? '',
      testId: element.getAttribute('data-testid') ?? '',
      name: text.slice(0, 80),
      isPageHeading: element === heading,
      inMain: Boolean(main?.contains(element)),
      invisible,
      recordId: element.getAttribute('data-record-id') ?? '',
      hasFocusRing: ring,
    };
  });
}

/** A short label of a focused element for failure messages. */
export function describeFocus(element: FocusedElement | null): string {
  if (!element) return '(body: focus lost)';
  const testId = element.testId ? `[data-testid=${element.testId}]` : '';
  const id = element.id ? `#${element.id}` : '';
  return `${element.tag}${id}${testId}${element.role ? `[role=${element.role}]` : ''} "${element.name}"`;
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until `wanted` holds for the focused element, and
 * answers it with the number of presses; fails after `max` presses.
 */
export async function tabUntil(
  page: Page,
  wanted: (element: FocusedElement) => boolean,
  max = 40,
  backwards = false,
): Promise<{ element: FocusedElement; presses: number }> {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const element = await focused(page);
    if (element && wanted(element)) return { element, presses };
    seen.push(describeFocus(element));
  }
  throw new Error(`not reached in ${max} Tab presses; the focus went through:\n${seen.join('\n')}`);
}

/**
 * Every Tab stop of the page in order, from the top of the document, until the walk comes round to
 * the first one again (or `max` presses).
 */
export async function tabStops(page: Page, max = 150): Promise<FocusedElement[]> {
  // A blur keeps the place Tab starts from (a field the page focused): a mark at the top of the body moves it there.
  await page.evaluate(() => {
    const mark = document.createElement('div');
    mark.tabIndex = -1;
    mark.dataset.testid = 'tab-walk-start';
    document.body.prepend(mark);
    mark.focus();
    window.scrollTo(0, 0);
  });
  const stops: FocusedElement[] = [];
  let first: string | undefined;
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    // Tagged so the round trip is recognised even among look-alike elements.
    const mark = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return '';
      element.dataset.tabStop ??= String(Math.random());
      return element.dataset.tabStop;
    });
    if (!mark) continue;
    if (mark === first) break;
    first ??= mark;
    const element = await focused(page);
    if (element) stops.push(element);
  }
  await page.evaluate(() => document.querySelector('[data-testid="tab-walk-start"]')?.remove());
  return stops;
}

/** Waits until the focus rests on an element for which `wanted` holds (the page may still be settling). */
export async function waitForFocus(
  page: Page,
  wanted: (element: FocusedElement | null) => boolean,
  timeout = 30_000,
): Promise<FocusedElement | null> {
  let last: FocusedElement | null = null;
  try {
    return await vi.waitFor(
      async () => {
        last = await focused(page);
        if (!wanted(last)) throw new Error('not yet');
        return last;
      },
      { timeout, interval: 100 },
    );
  } catch {
    throw new Error(`the focus never came to the expected element; it is on ${describeFocus(last)}`);
  }
}
