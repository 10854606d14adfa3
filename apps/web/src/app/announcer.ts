import { isValidElement } from 'react';

/**
 * The console's one live region (issue 13, item 5): results that appear by themselves (a save, an
 * import row's status, later a locker going offline or a door opening) are read out to screen
 * reader users once, politely, in the words the caller passes (already in the user's language).
 *
 * A plain element at the end of the body rather than a React component: code outside React (a
 * socket's message handler) can announce too, and the region exists before anything is said into
 * it, which screen readers need to notice a change.
 */

const REGION_ID = 'live-announcer';
/** A message said again within this time is the same event told twice (a toast and its hook), said once. */
const REPEAT_WINDOW_MS = 1_000;
/** Time between emptying the region and filling it: a region filled with the same text again is otherwise not read. */
const REFILL_DELAY_MS = 100;

let last: { message: string; at: number } | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

/** The live region, made on first use. */
export function liveRegion(): HTMLElement {
  const existing = document.getElementById(REGION_ID);
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = REGION_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.className = 'visually-hidden';
  region.dataset.testid = 'live-region';
  document.body.append(region);
  return region;
}

/** Reads `message` out to screen reader users, once; blank messages are ignored. */
export function announce(message: string): void {
  const text = message.trim();
  if (!text) return;
  const now = Date.now();
  if (last && last.message === text && now - last.at < REPEAT_WINDOW_MS) return;
  last = { message: text, at: now };
  const region = liveRegion();
  region.textContent = '';
  if (pending) clearTimeout(pending);
  pending = setTimeout(() => {
    region.textContent = text;
    pending = undefined;
  }, REFILL_DELAY_MS);
}

/** The text of a toast's content when it is text (a string, or a React element whose children are text). */
function textOf(content: unknown): string {
  if (typeof content === 'string' || typeof content === 'number') return String(content);
  if (Array.isArray(content)) return content.map(textOf).join(' ');
  if (content && typeof content === 'object' && 'props' in content) {
    const props = (content as { props?: { children?: unknown } }).props;
    return textOf(props?.children);
  }
  return '';
}

/**
 * What a toast says, for the live region: antd's toasts are drawn without a live region of their
 * own, so a save's result was seen but never heard. Said when asked, not when drawn, so a toast
 * waiting for the holders to load is heard as soon as it is seen.
 */
export function announceToast(content: unknown): void {
  if (typeof content === 'string' || isValidElement(content)) announce(textOf(content));
  else if (content && typeof content === 'object') {
    const { content: inner, title, description } = content as { content?: unknown; title?: unknown; description?: unknown };
    announce([inner, title, description].map(textOf).filter(Boolean).join('. '));
  }
}
