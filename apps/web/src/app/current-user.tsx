import { type AccessState, accessStateOf, type CurrentUserAnswer, type Permission, userCan } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, getToken, isTokenPersisted, setToken } from './api-client';

/** A stored file as the API answers it (POST /file/upload, avatars, attachments). */
export type { FileRef } from '@ebox/domain';

/** GET /auth/me: the type comes from the schema the API validates its answer with. */
export type CurrentUser = CurrentUserAnswer;

export const CURRENT_USER_KEY = ['auth', 'me'] as const;
export const CURRENT_USER_PATH = '/auth/me';

/**
 * Spec 4.5: a failed initial load or refresh clears the session, so a stale or revoked token
 * never leaves the console half signed in.
 */
/** POST /auth/sign-out; its bearer header is read now, before the caller forgets the token. */
function endServerSession(): Promise<unknown> {
  return api.post('/auth/sign-out');
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const token = getToken();
  if (!token) return null;
  try {
    const user = await api.get<CurrentUser>(CURRENT_USER_PATH);
    // Spec 3 useTemporaryToken: a token stored before the setting was turned on leaves the
    // browser's storage now; this tab keeps it in memory until it closes or reloads.
    if (user.useTemporaryToken && isTokenPersisted()) setToken(token, false);
    return user;
  } catch {
    setToken(null);
    return null;
  }
}

export type CurrentUserContext = {
  user: CurrentUser | null;
  isLoading: boolean;
  accessState: AccessState;
  refresh(): Promise<void>;
  /** Stores the token answered by sign-in, sign-up or password reset and loads the user. */
  signIn(token: string, persist?: boolean): Promise<void>;
  signOut(): void;
  can(permission?: Permission | null): boolean;
};

export function useCurrentUser(): CurrentUserContext {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const user = query.data ?? null;

  const refresh = useCallback(async () => {
    await queryClient.fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, staleTime: 0 });
  }, [queryClient]);

  const signIn = useCallback(
    async (token: string, persist = true) => {
      // Held in memory until the user is known: one whose sessions are temporary (spec 3
      // useTemporaryToken) never has the token written to the browser's storage, not even briefly.
      setToken(token, false);
      const user = await queryClient.fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, staleTime: 0 });
      if (user && persist && !user.useTemporaryToken) setToken(token, true);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    // The server ends the token too, so a copy of it stops working; the session here is cleared
    // whatever that call answers (a token already expired answers 401).
    if (getToken()) endServerSession().catch(() => undefined);
    setToken(null);
    // Nothing cached for the previous user may leak into the next session.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
  }, [queryClient]);

  const can = useCallback((permission?: Permission | null) => userCan(user, permission), [user]);

  return { user, isLoading: query.isPending, accessState: accessStateOf(user), refresh, signIn, signOut, can };
}
