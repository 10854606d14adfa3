import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordIssues } from '@ebox/domain';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api-client';

export function requiredRule(t: TFunction, labelKey: string): FormRule {
  return { required: true, whitespace: true, message: t('validation.mixed.required', { label: t(labelKey) }) };
}

export function emailRules(t: TFunction): FormRule[] {
  return [
    requiredRule(t, 'auth.fields.email'),
    { type: 'email', message: t('validation.string.email', { label: t('auth.fields.email') }) },
    { max: 255, message: t('validation.string.max', { label: t('auth.fields.email'), max: 255 }) },
  ];
}

/** Spec 5.2 password rules, from the same schema the API applies. */
export function passwordRules(t: TFunction, labelKey = 'auth.fields.password'): FormRule[] {
  return [
    requiredRule(t, labelKey),
    {
      validator: async (_rule, value: string | undefined) => {
        if (!value) return;
        const [issue] = passwordIssues(value);
        if (issue) throw new Error(t(issue, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, label: t(labelKey) }));
      },
    },
  ];
}

/**
 * A password typed to prove who one is (sign-in, the current one): required and within the cap
 * the API applies; the rules of a new password do not apply, an account may predate them.
 */
export function enteredPasswordRules(t: TFunction, labelKey: string): FormRule[] {
  return [requiredRule(t, labelKey), { max: PASSWORD_MAX_LENGTH, message: t('validation.password.max', { max: PASSWORD_MAX_LENGTH }) }];
}

/** The confirmation must equal the password field it confirms ('passwords must match'). */
export function confirmationRules(t: TFunction, passwordField: string, labelKey = 'auth.fields.passwordConfirmation'): FormRule[] {
  return [
    requiredRule(t, labelKey),
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string | undefined) => {
        if (value && value !== getFieldValue(passwordField)) throw new Error(t('validation.password.mustMatch'));
      },
    }),
  ];
}

/** Puts the server's field errors (400 `fields`) next to the fields they are about; true when any was placed. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue()));
  const placed = error.fields
    .map((field) => ({ name: field.path.split('.').pop() ?? field.path, errors: [field.message] }))
    .filter((field) => known.has(field.name));
  form.setFields(placed);
  return placed.length > 0;
}
