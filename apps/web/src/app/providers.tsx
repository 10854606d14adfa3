import type { Language, Theme } from '@ebox/domain';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { antdLocaleOf } from './antd-locale';
import { api, getToken, startEarlyGet } from './api-client';
import { CURRENT_USER_PATH, useCurrentUser } from './current-user';
import { LazyApp, useApp } from './feedback';
import { SkipLink } from './focus';
import { changeLanguage, i18n } from './i18n';
import { usePrefersReducedMotion } from './motion';
import { getStoredTheme, isTheme, primaryColorOf, storeTheme, tokensOf } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Pages handle failures through the central error handler; retrying a 400 or 403 helps nobody.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export type Settings = { theme: Theme };
export const SETTINGS_KEY = ['settings'] as const;
const SETTINGS_PATH = '/settings';

/**
 * With a stored session the session and the settings are asked before React renders (main.tsx),
 * beside the route's chunks and a list's first page, not after one another; the queries below
 * take these answers (api-client's early GETs).
 */
export function startSessionRequests(): void {
  if (!getToken()) return;
  startEarlyGet(CURRENT_USER_PATH);
  startEarlyGet(SETTINGS_PATH);
}

/**
 * Spec 2.5 / 8.4: once signed in the app loads the settings and applies the theme; a failed
 * load signs the user out.
 */
export function useSettings(): Settings | undefined {
  const { user, signOut } = useCurrentUser();
  const { message } = useApp();
  const query = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get<Settings>(SETTINGS_PATH),
    enabled: Boolean(user),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (query.data && isTheme(query.data.theme)) storeTheme(query.data.theme);
  }, [query.data]);
  useEffect(() => {
    if (!query.error) return;
    message.error(query.error.message);
    signOut();
  }, [query.error, signOut, message]);
  return query.data;
}

/** The interface language and the way to change it (header select, auth pages). */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => Promise<void> } {
  const { i18n: instance } = useTranslation();
  const client = useQueryClient();
  const setLanguage = useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      // Server answers (labels, messages) are translated per request: fetch them again.
      await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
    [client],
  );
  return { language: instance.language === 'en' ? 'en' : 'pt-BR', setLanguage };
}

/**
 * Applies settings (theme); lives inside LazyApp so it can show messages. The document title is the
 * page's own (PageTitle in app/page-title.tsx): an effect here would run after the page's and undo it.
 */
function SettingsEffects({ onTheme }: { onTheme: (theme: Theme) => void }) {
  const settings = useSettings();
  useEffect(() => {
    if (settings && isTheme(settings.theme)) onTheme(settings.theme);
  }, [settings, onTheme]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const [theme, setTheme] = useState<Theme>(getStoredTheme);
  const reducedMotion = usePrefersReducedMotion();
  // The live region is in the page before anything is said into it (screen readers watch it from then).
  useEffect(() => {
    void import('./announcer').then((announcer) => announcer.liveRegion());
  }, []);
  // The focus ring of global.css (every control, antd's or not, portals included) in the theme's colour.
  useEffect(() => document.documentElement.style.setProperty('--focus-ring-color', primaryColorOf(theme)), [theme]);
  return (
    // The theme's colours in legible shades (theme.ts), for every accent, not only primary buttons;
    // when the system asks for less motion, antd's zooms, slides and fades go (issue 13, item 5).
    <ConfigProvider locale={antdLocaleOf(language)} theme={{ token: { ...tokensOf(theme), motion: !reducedMotion } }}>
      <LazyApp>
        <SkipLink />
        <SettingsEffects onTheme={setTheme} />
        {children}
      </LazyApp>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp>{children}</ThemedApp>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
