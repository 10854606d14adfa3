import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { errorMessageOf, errorStatusOf } from '../../app/error-handler';
import { AuthCard } from './auth-card';
import { showFieldErrors } from './form-rules';
import { NewPasswordFields } from './new-password-fields';

type ResetForm = { password: string; passwordConfirmation: string };

/**
 * Opened from the reset link (?token=); success signs the user in and goes home (spec 2.7). An
 * invitation's link (&invitation=1) opens the same page worded for a first password.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetForm>();
  const [params] = useSearchParams();
  const token = params.get('token');
  const texts = params.get('invitation') === '1' ? 'auth.invitation' : 'auth.passwordReset';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { signIn, signOut } = useCurrentUser();

  const mutation = useMutation({
    mutationFn: ({ password }: ResetForm) => api.put<string>('/auth/password-reset', { token, password }),
    onSuccess: async (jwt) => {
      await signIn(jwt, true);
      message.success(t(`${texts}.success`));
      navigate('/', { replace: true });
    },
    onError: (error) => {
      // A password the server refuses stays in the form; a bad or expired token ends here (spec 4.5).
      if (errorStatusOf(error) === 400 && showFieldErrors(form, error)) return;
      message.error(errorMessageOf(error, t));
      signOut();
      navigate('/', { replace: true });
    },
  });

  return (
    <AuthCard title={t(`${texts}.title`)}>
      {token ? (
        <Form<ResetForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => mutation.mutate(values)}
          data-testid="password-reset-form"
        >
          {texts === 'auth.invitation' && <Typography.Paragraph type="secondary">{t('auth.invitation.intro')}</Typography.Paragraph>}
          <NewPasswordFields
            name="password"
            labelKey="auth.fields.newPassword"
            confirmationLabelKey="auth.fields.newPasswordConfirmation"
            autoFocus
          />
          <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="password-reset-submit">
            {t(`${texts}.submit`)}
          </Button>
        </Form>
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('auth.passwordReset.missingToken')}
          action={<Link to="/auth/forgot-password">{t('auth.forgotPassword.title')}</Link>}
        />
      )}
    </AuthCard>
  );
}
