import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../app/page-title';
import { AuthCard } from './auth-card';

export default function AccountCreatedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard>
      <Result
        status="success"
        title={<PageTitle title={t('auth.accountCreated.title')} />}
        subTitle={t('auth.accountCreated.message')}
        extra={
          <Button type="primary" autoFocus onClick={() => navigate('/')} data-testid="account-created-continue">
            {t('auth.accountCreated.continue')}
          </Button>
        }
      />
    </AuthCard>
  );
}
