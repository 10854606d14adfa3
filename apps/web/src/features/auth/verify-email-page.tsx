import { Alert, App, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { errorMessageOf } from '../../app/error-handler';
import { AuthCard } from './auth-card';

/** A token is single-use: remember the request so a re-mounted page never sends it twice. */
const verifications = new Map<string, Promise<unknown>>();

function verifyOnce(token: string): Promise<unknown> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = api.put('/auth/verify-email', { token });
    verifications.set(token, pending);
  }
  return pending;
}

/** Opened from the verification mail (?token=): success goes home, failure signs out and goes home (spec 2.7, 4.5). */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { refresh, signOut } = useCurrentUser();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyOnce(token).then(
      async () => {
        if (!active) return;
        await refresh();
        message.success(t('auth.verifyEmail.success'));
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        setFailed(true);
        message.error(errorMessageOf(error, t));
        signOut();
        navigate('/', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [token, refresh, signOut, navigate, message, t]);

  return (
    <AuthCard title={t('auth.verifyEmail.title')}>
      {token && !failed ? (
        <Flex vertical align="center" gap={16} data-testid="verifying-email">
          <Spin size="large" />
          <Typography.Text>{t('auth.verifyEmail.verifying')}</Typography.Text>
        </Flex>
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('auth.verifyEmail.missingToken')}
          action={
            <Button size="small" onClick={() => navigate('/')}>
              {t('common.backHome')}
            </Button>
          }
        />
      )}
    </AuthCard>
  );
}
