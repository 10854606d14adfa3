import { Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { PageTitle } from '../../app/page-title';
import { AuthCard } from './auth-card';
import { CheckAgainButton, SignOutButton } from './session-buttons';

/** Only for signed-in users holding no role: they wait here until an administrator grants one (spec 2.2). */
export default function EmptyPermissionsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();

  return (
    <AuthCard>
      <Result
        status="info"
        title={<PageTitle title={t('auth.emptyPermissions.title')} />}
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
        <CheckAgainButton type="primary" autoFocus />
        <SignOutButton />
      </Flex>
    </AuthCard>
  );
}
