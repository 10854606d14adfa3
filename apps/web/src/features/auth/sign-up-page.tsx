import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { AuthCard } from './auth-card';
import { emailRules, showFieldErrors } from './form-rules';
import { NewPasswordFields } from './new-password-fields';

type SignUpForm = { email: string; password: string; passwordConfirmation: string };

const INLINE_STATUSES = new Set([400, 409, 429]);

export default function SignUpPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignUpForm>();
  const navigate = useNavigate();
  const { signIn } = useCurrentUser();
  const handleError = useErrorHandler();

  const mutation = useMutation({
    mutationFn: ({ email, password }: SignUpForm) => api.post<string>('/auth/sign-up', { email, password }),
    onSuccess: async (token) => {
      // Leave the public route (its page chunk loaded) before the session exists, or the public
      // route's guard would send the new user home instead of to the notice.
      await navigate('/auth/account-created', { replace: true, flushSync: true });
      await signIn(token, true);
    },
    onError: (error) => {
      if (INLINE_STATUSES.has(errorStatusOf(error) ?? 0)) showFieldErrors(form, error);
      else handleError(error);
    },
  });
  const inlineError = mutation.error && INLINE_STATUSES.has(errorStatusOf(mutation.error) ?? 0) ? errorMessageOf(mutation.error, t) : null;

  return (
    <AuthCard title={t('auth.signup.title')}>
      <Form<SignUpForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => mutation.mutate(values)}
        data-testid="sign-up-form"
      >
        {inlineError && <Alert type="error" showIcon title={inlineError} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Form.Item name="email" label={t('auth.fields.email')} rules={emailRules(t)}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <NewPasswordFields name="password" labelKey="auth.fields.password" confirmationLabelKey="auth.fields.passwordConfirmation" hint />
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="sign-up-submit">
          {t('auth.signup.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.signup.hasAccount')} <Link to="/auth/signin">{t('auth.signup.signin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
