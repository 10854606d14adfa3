import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { tagForTests } from '../../app/tag-for-tests';

/**
 * What a form knows about its unsaved work. Refs, not state: the router and the browser ask at the
 * moment of leaving, and a save marks itself released before it navigates away in the same tick.
 */
export type ChangeTracker = {
  /** The user changed a value (the form's onValuesChange). */
  mark(): void;
  /** An explicit leave (a save under way, Cancel): the next navigation is not asked about. */
  release(): void;
  /** The save failed: the work is unsaved again. */
  rearm(): void;
  isDirty(): boolean;
};

export function useChangeTracker(): ChangeTracker {
  const changed = useRef(false);
  const released = useRef(false);
  return useMemo(
    () => ({
      mark: () => {
        changed.current = true;
      },
      release: () => {
        released.current = true;
      },
      rearm: () => {
        released.current = false;
      },
      isDirty: () => changed.current && !released.current,
    }),
    [],
  );
}

/**
 * Asks before an edited form is left: a link, the menu, a breadcrumb or the back button (React
 * Router's blocker, answered by a stay / discard dialog), and closing or reloading the tab (the
 * browser's own prompt). Render it once per page: the router keeps one blocker at a time, so a
 * form inside a dialog does not render it.
 */
export function UnsavedChangesPrompt({ changes }: { changes: ChangeTracker }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      changes.isDirty() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [changes],
  );
  const blocker = useBlocker(shouldBlock);

  // Keyed on the blocker itself, not its state: the router renders its updates as transitions, so a
  // Back pressed right after Stay can interrupt the "unblocked" render and commit "blocked" again.
  // The state reads the same, but the router made a new blocker for the new attempt: ask again.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: t('kit.forms.leaveTitle'),
      content: t('kit.forms.leaveContent'),
      okText: t('kit.forms.discard'),
      cancelText: t('kit.forms.stay'),
      okButtonProps: { danger: true, ...tagForTests('leave-discard') },
      cancelButtonProps: tagForTests('leave-stay'),
      onOk: () => blocker.proceed?.(),
      onCancel: () => blocker.reset?.(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!changes.isDirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [changes]);

  return null;
}
