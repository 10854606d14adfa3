import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { AuthCard } from './auth-card';
import { emailRules, enteredPasswordRules, showFieldErrors } from './form-rules';

type SignInForm = { email: string; password: string; rememberMe: boolean };

/** Statuses whose message belongs in the form (spec 8.1: no generic toast on sign-in). */
const INLINE_STATUSES = new Set([400, 401, 429]);

export default function SignInPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInForm>();
  const { signIn } = useCurrentUser();
  const handleError = useErrorHandler();
  const location = useLocation();

  // Once the user is loaded the public-route guard sends them back to where they came from.
  const mutation = useMutation({
    mutationFn: async (values: SignInForm) => {
      const token = await api.post<string>('/auth/sign-in', values);
      await signIn(token, values.rememberMe);
    },
    onError: (error) => {
      if (INLINE_STATUSES.has(errorStatusOf(error) ?? 0)) showFieldErrors(form, error);
      else handleError(error);
    },
  });
  const inlineError = mutation.error && INLINE_STATUSES.has(errorStatusOf(mutation.error) ?? 0) ? errorMessageOf(mutation.error, t) : null;

  return (
    <AuthCard title={t('auth.signin.title')}>
      <Form<SignInForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ rememberMe: true }}
        onFinish={(values) => mutation.mutate(values)}
        data-testid="sign-in-form"
      >
        {inlineError && <Alert type="error" showIcon title={inlineError} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Form.Item name="email" label={t('auth.fields.email')} rules={emailRules(t)}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('auth.fields.password')} rules={enteredPasswordRules(t, 'auth.fields.password')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t('auth.fields.rememberMe')}</Checkbox>
          </Form.Item>
          <Link to="/auth/forgot-password" state={location.state}>
            {t('auth.signin.forgotPassword')}
          </Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="sign-in-submit">
          {t('auth.signin.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.signin.noAccount')} <Link to="/auth/signup">{t('auth.signin.signup')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
