import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex } from 'antd';
// The two inputs on their own: antd's Input module also attaches the text area, search, OTP and
// the input group (with Space) to Input, all of which the first screen would carry.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { errorMessageOf, errorStatusOf, useErrorHandler } from '../../app/error-handler';
import { AuthCard } from './auth-card';
import { emailIssue, enteredPasswordIssue } from './form-rules';
import { fieldAria, PlainField } from './plain-field';

type SignInForm = { email: string; password: string; rememberMe: boolean };
type FieldName = 'email' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;

/** Statuses whose message belongs in the form (spec 8.1: no generic toast on sign-in). */
const INLINE_STATUSES = new Set([400, 401, 429]);

/**
 * The first screen of a visitor, so drawn without antd's Form (see PlainField) and Typography. It
 * behaves as the other auth forms: a field is checked as it changes once typed in, every field on
 * submit, and the server's field errors go beside their fields.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const { signIn } = useCurrentUser();
  const handleError = useErrorHandler();
  const location = useLocation();
  const [values, setValues] = useState<SignInForm>({ email: '', password: '', rememberMe: true });
  const [errors, setErrors] = useState<FieldErrors>({});

  const issueOf = (name: FieldName, value: string) =>
    name === 'email' ? emailIssue(t, value) : enteredPasswordIssue(t, value, 'auth.fields.password');

  // Once the user is loaded the public-route guard sends them back to where they came from.
  const mutation = useMutation({
    mutationFn: async (form: SignInForm) => {
      const token = await api.post<string>('/auth/sign-in', form);
      await signIn(token, form.rememberMe);
    },
    onError: (error) => {
      if (INLINE_STATUSES.has(errorStatusOf(error) ?? 0)) setErrors(serverFieldErrorsOf(error));
      else handleError(error);
    },
  });
  const inlineError = mutation.error && INLINE_STATUSES.has(errorStatusOf(mutation.error) ?? 0) ? errorMessageOf(mutation.error, t) : null;

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: issueOf(name, value) }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = { email: issueOf('email', values.email), password: issueOf('password', values.password) };
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'sign-in-email' : 'sign-in-password')?.focus();
      return;
    }
    mutation.mutate(values);
  };

  return (
    <AuthCard title={t('auth.signin.title')}>
      <form noValidate onSubmit={submit} data-testid="sign-in-form">
        {inlineError && <Alert type="error" showIcon title={inlineError} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <PlainField id="sign-in-email" label={t('auth.fields.email')} error={errors.email}>
          <Input
            {...fieldAria('sign-in-email', errors.email)}
            name="email"
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
            status={errors.email ? 'error' : undefined}
            prefix={<MailOutlined />}
            type="email"
            autoComplete="username"
            autoFocus
          />
        </PlainField>
        <PlainField id="sign-in-password" label={t('auth.fields.password')} error={errors.password}>
          <Password
            {...fieldAria('sign-in-password', errors.password)}
            name="password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            status={errors.password ? 'error' : undefined}
            prefix={<LockOutlined />}
            autoComplete="current-password"
          />
        </PlainField>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Checkbox
            name="rememberMe"
            checked={values.rememberMe}
            onChange={(event) => setValues((current) => ({ ...current, rememberMe: event.target.checked }))}
          >
            {t('auth.fields.rememberMe')}
          </Checkbox>
          <Link to="/auth/forgot-password" state={location.state}>
            {t('auth.signin.forgotPassword')}
          </Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="sign-in-submit">
          {t('auth.signin.submit')}
        </Button>
      </form>
      <p style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('auth.signin.noAccount')} <Link to="/auth/signup">{t('auth.signin.signup')}</Link>
      </p>
    </AuthCard>
  );
}

/** The server's field errors (400 `fields`) on the form's own fields. */
function serverFieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const found: FieldErrors = {};
  for (const field of error.fields) {
    const name = field.path.split('.').pop();
    if (name === 'email' || name === 'password') found[name] = field.message;
  }
  return found;
}
