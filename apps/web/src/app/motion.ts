import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * The system's "reduce motion" setting (issue 13, item 5): antd's animations (ConfigProvider's
 * `motion` token) and the console's own transitions (global.css) are turned off while it is on.
 */
const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

export function prefersReducedMotion(): boolean {
  return mediaQuery()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the system asks for less motion; follows a change without a reload. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/** How a scroll into view should move: at once when less motion is asked for. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/**
 * Gives a dialog's field the focus once the dialog has opened. antd's dialog moves the focus to
 * itself when it opens; without animation (less motion asked for) that comes after the field's
 * own autoFocus, and typing went nowhere.
 */
export function useFocusWhenOpen<T extends { focus(): void }>() {
  const ref = useRef<T>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open) ref.current?.focus();
  }, []);
  return { ref, afterOpenChange };
}
