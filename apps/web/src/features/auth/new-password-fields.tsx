import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmationRules, passwordRules } from './form-rules';

type NewPasswordFieldsProps = {
  /** The password field's name; its confirmation is `<name>Confirmation`. */
  name: string;
  labelKey: string;
  confirmationLabelKey: string;
  /** Shows the password rules under the field (spec 5.2). */
  hint?: boolean;
  autoFocus?: boolean;
};

/** A password the user chooses and its confirmation, checked by the same rules as the API's (sign-up, reset, change). */
export function NewPasswordFields({ name, labelKey, confirmationLabelKey, hint, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={t(labelKey)}
        rules={passwordRules(t, labelKey)}
        extra={hint ? t('auth.signup.passwordHint') : undefined}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name={`${name}Confirmation`}
        label={t(confirmationLabelKey)}
        dependencies={[name]}
        rules={confirmationRules(t, name, confirmationLabelKey)}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
