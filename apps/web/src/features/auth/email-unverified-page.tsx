import { MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { AuthCard } from './auth-card';
import { CheckAgainButton, SignOutButton } from './session-buttons';

/** Only for signed-in users whose email is not verified (spec 2.2). */
export default function EmailUnverifiedPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const { user } = useCurrentUser();
  const emailConfigured = useQuery({ queryKey: ['auth', 'email-configured'], queryFn: () => api.get<boolean>('/auth/email-configured') });

  const resend = useMutation({
    mutationFn: () => api.post('/auth/send-email-address-verification-email'),
    onSuccess: () => message.success(t('auth.emailUnverified.sent')),
    onError: handleError,
  });

  return (
    <AuthCard>
      <Result
        icon={<MailOutlined />}
        title={<PageTitle title={t('auth.emailUnverified.title')} />}
        subTitle={t('auth.emailUnverified.message', { email: user?.email ?? '' })}
        style={{ paddingInline: 0 }}
      />
      {emailConfigured.data === false && (
        <Alert type="info" showIcon title={t('auth.emailUnverified.outboxNotice')} style={{ marginBottom: 16 }} />
      )}
      <Flex vertical gap={8}>
        <Button type="primary" block loading={resend.isPending} onClick={() => resend.mutate()} data-testid="resend-verification" autoFocus>
          {t('auth.emailUnverified.resend')}
        </Button>
        <CheckAgainButton />
        <SignOutButton type="link" />
      </Flex>
    </AuthCard>
  );
}
