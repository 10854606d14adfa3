import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from './api-client';
import { useCurrentUser } from './current-user';
import { useApp } from './feedback';

/**
 * Spec 8.1: the message comes from the response's error message, else its body text, else the
 * error's own text, else the translated default.
 */
export function errorMessageOf(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return t('errors.default');
}

export function errorStatusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * The central error handler (spec 8.1): 403 goes to /403, 400 shows the message as a
 * notification, everything else (other statuses, no response at all) goes to /500.
 * 401 means the session ended (disabled user, password changed elsewhere): the user is signed
 * out and the route guard takes them to sign-in, which is what they need rather than /500.
 */
export function useErrorHandler(): (error: unknown) => void {
  const navigate = useNavigate();
  const { notification } = useApp();
  const { t } = useTranslation();
  const { signOut } = useCurrentUser();

  return useCallback(
    (error: unknown) => {
      const status = errorStatusOf(error);
      const message = errorMessageOf(error, t);
      if (status === 403) {
        navigate('/403');
        return;
      }
      if (status === 400 || status === 409 || status === 429) {
        notification.error({ title: message, placement: 'topRight' });
        return;
      }
      if (status === 401) {
        notification.warning({ title: message, placement: 'topRight' });
        signOut();
        return;
      }
      navigate('/500');
    },
    [navigate, notification, t, signOut],
  );
}
