import { theme } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';

/**
 * Toasts, notifications and confirmation dialogs (what antd's `App.useApp()` gives), with antd's
 * `App` fetched on first use instead of on every first screen: its message, notification and
 * modal holders (the modal brings the dialog and Skeleton) are about a tenth of the sign-in page's
 * JavaScript, and a first screen shows none of them. `useApp()` here and antd's `App.useApp()`
 * read the same context, so a page may use either; importing antd's `App` (for `App.useApp`)
 * brings those holders into the page's chunk, so first-screen code imports this `useApp`.
 */
export type AppApi = useAppProps;

type Run = (call: (api: AppApi) => void) => void;

const AppHolder = lazy(() => import('./app-holder'));

export function useApp(): AppApi {
  return useContext(AppContext);
}

/** Takes antd `App`'s place in the providers: the same context, the same base text style. */
export function LazyApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const loaded = useRef<AppApi | null>(null);
  const pending = useRef<((api: AppApi) => void)[]>([]);
  const [wanted, setWanted] = useState(false);
  const run = useCallback<Run>((call) => {
    if (loaded.current) call(loaded.current);
    else {
      pending.current.push(call);
      setWanted(true);
    }
  }, []);
  const api = useMemo(() => deferredApi(run, () => loaded.current), [run]);
  const onReady = useCallback((ready: AppApi) => {
    loaded.current = ready;
    for (const call of pending.current.splice(0)) call(ready);
  }, []);
  return (
    <AppContext.Provider value={api}>
      {/* What antd's App draws around the page (its .ant-app style). */}
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
        {wanted && (
          <Suspense fallback={null}>
            <AppHolder onReady={onReady} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}

type MessageMethod = Exclude<keyof MessageInstance, 'destroy'>;
type NotificationMethod = Exclude<keyof NotificationInstance, 'destroy'>;
type ModalMethod = keyof ModalApi;
type ModalHandle = ReturnType<ModalApi['confirm']>;
type ModalUpdate = Parameters<ModalHandle['update']>[0];

/**
 * Says what a toast says through the live region (announcer.ts, fetched when first needed: the
 * first screens say nothing). antd draws its toasts without a live region of their own.
 */
function announceToast(content: unknown): void {
  void import('./announcer').then((announcer) => announcer.announceToast(content));
}

/** An API shaped as antd's whose calls wait for the holders: each returns its handle at once, as antd's do. */
function deferredApi(run: Run, current: () => AppApi | null): AppApi {
  const messageCall =
    (method: MessageMethod) =>
    (...args: unknown[]): MessageType => {
      let close: (() => void) | undefined;
      let closed = false;
      // A spinner's "loading..." is followed at once by the result: only the result is said.
      if (method !== 'loading') announceToast(args[0]);
      const done = new Promise<boolean>((resolve) =>
        run((api) => {
          if (closed) return resolve(false);
          const shown = (api.message[method] as (...shownArgs: unknown[]) => MessageType)(...args);
          close = shown;
          shown.then(resolve);
        }),
      );
      const handle = () => {
        closed = true;
        close?.();
      };
      // biome-ignore lint/suspicious/noThenProperty: antd's message handle is a thenable (MessageType).
      return Object.assign(handle, { then: done.then.bind(done) });
    };
  const notificationCall =
    (method: NotificationMethod): NotificationInstance[NotificationMethod] =>
    (args) => {
      announceToast(args);
      run((api) => api.notification[method](args));
    };
  const modalCall =
    (method: ModalMethod): ModalApi[ModalMethod] =>
    (config) => {
      let shown: ModalHandle | undefined;
      let destroyed = false;
      const updates: ModalUpdate[] = [];
      // antd's own promise only ever resolves (true on OK, false on cancel).
      const confirmed = new Promise<boolean>((resolve) =>
        run((api) => {
          if (destroyed) return resolve(false);
          shown = api.modal[method](config);
          for (const update of updates) shown.update(update);
          shown.then(resolve, () => resolve(false));
        }),
      );
      return {
        destroy: () => {
          destroyed = true;
          shown?.destroy();
        },
        update: (update: ModalUpdate) => {
          if (shown) shown.update(update);
          else updates.push(update);
        },
        // biome-ignore lint/suspicious/noThenProperty: antd's modal handle is a thenable (ModalFuncWithPromise).
        then: (resolve) => confirmed.then(resolve),
      };
    };
  return {
    message: {
      info: messageCall('info'),
      success: messageCall('success'),
      error: messageCall('error'),
      warning: messageCall('warning'),
      loading: messageCall('loading'),
      open: messageCall('open'),
      // Nothing shown yet when the holders are not loaded: nothing to close.
      destroy: (key) => current()?.message.destroy(key),
    },
    notification: {
      success: notificationCall('success'),
      error: notificationCall('error'),
      info: notificationCall('info'),
      warning: notificationCall('warning'),
      open: notificationCall('open'),
      destroy: (key) => current()?.notification.destroy(key),
    },
    modal: {
      info: modalCall('info'),
      success: modalCall('success'),
      error: modalCall('error'),
      warning: modalCall('warning'),
      confirm: modalCall('confirm'),
    },
  };
}
