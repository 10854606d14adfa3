import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, isTokenPersisted } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { SectionTitle } from '../../app/page-title';
import { enteredPasswordRules, showFieldErrors } from '../auth/form-rules';
import { NewPasswordFields } from '../auth/new-password-fields';

type ChangePasswordForm = { oldPassword: string; newPassword: string; newPasswordConfirmation: string };

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordForm>();
  const { message } = App.useApp();
  const handleError = useErrorHandler();
  const { signIn } = useCurrentUser();

  const mutation = useMutation({
    mutationFn: ({ oldPassword, newPassword }: ChangePasswordForm) =>
      api.put<string>('/auth/change-password', { oldPassword, newPassword }),
    onSuccess: async (token) => {
      // Older tokens stop working once the password changes: keep the new one where the old one lived.
      await signIn(token, isTokenPersisted());
      form.resetFields();
      message.success(t('auth.changePassword.success'));
    },
    onError: (error) => {
      if (!showFieldErrors(form, error)) handleError(error);
    },
  });

  return (
    <Card title={<SectionTitle title={t('auth.changePassword.title')} />}>
      <Form<ChangePasswordForm>
        form={form}
        layout="vertical"
        onFinish={(values) => mutation.mutate(values)}
        data-testid="change-password-form"
      >
        <Form.Item name="oldPassword" label={t('auth.fields.oldPassword')} rules={enteredPasswordRules(t, 'auth.fields.oldPassword')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          labelKey="auth.fields.newPassword"
          confirmationLabelKey="auth.fields.newPasswordConfirmation"
          hint
        />
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="change-password-submit">
          {t('auth.changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
