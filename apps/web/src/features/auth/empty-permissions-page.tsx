import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { AuthCard } from './auth-card';

/** Only for signed-in users holding no role: they wait here until an administrator grants one (spec 2.2). */
export default function EmptyPermissionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, refresh, signOut } = useCurrentUser();
  // Reloading the user lets the guard move them on as soon as a role was granted.
  const check = useMutation({ mutationFn: refresh });

  return (
    <AuthCard>
      <Result
        status="info"
        title={t('auth.emptyPermissions.title')}
        subTitle={t('auth.emptyPermissions.message')}
        style={{ paddingInline: 0 }}
        data-testid="empty-permissions"
      />
      {user && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('home.signedInAs', { email: user.email })}
        </Typography.Paragraph>
      )}
      <Flex vertical gap={8}>
        <Button type="primary" block loading={check.isPending} onClick={() => check.mutate()} data-testid="check-again" autoFocus>
          {t('auth.emptyPermissions.refresh')}
        </Button>
        <Button
          block
          onClick={() => {
            signOut();
            navigate('/auth/signin', { replace: true });
          }}
          data-testid="sign-out"
        >
          {t('auth.signOut')}
        </Button>
      </Flex>
    </AuthCard>
  );
}
