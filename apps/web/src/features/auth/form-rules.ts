import { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordIssues } from '@ebox/domain';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api-client';

export function requiredRule(t: TFunction, labelKey: string): FormRule {
  return { required: true, whitespace: true, message: t('validation.mixed.required', { label: t(labelKey) }) };
}

const EMAIL_MAX_LENGTH = 255;

/**
 * The message of the first rule an email breaks (required, the API's pattern, 255 characters), or
 * undefined. The sign-in page checks with it directly; the other forms through emailRules.
 */
export function emailIssue(t: TFunction, value: string | undefined): string | undefined {
  const label = t('auth.fields.email');
  if (!value?.trim()) return t('validation.mixed.required', { label });
  if (!EMAIL_PATTERN.test(value)) return t('validation.string.email', { label });
  if (value.length > EMAIL_MAX_LENGTH) return t('validation.string.max', { label, max: EMAIL_MAX_LENGTH });
  return undefined;
}

/** antd Form rules from a check: `required` for the field's mark, the check's message as the error. */
function rulesOf(check: (value: string | undefined) => string | undefined): FormRule[] {
  return [
    {
      required: true,
      validator: async (_rule, value: string | undefined) => {
        const issue = check(value);
        if (issue) throw new Error(issue);
      },
    },
  ];
}

export function emailRules(t: TFunction): FormRule[] {
  return rulesOf((value) => emailIssue(t, value));
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
export function enteredPasswordIssue(t: TFunction, value: string | undefined, labelKey: string): string | undefined {
  if (!value?.trim()) return t('validation.mixed.required', { label: t(labelKey) });
  if (value.length > PASSWORD_MAX_LENGTH) return t('validation.password.max', { max: PASSWORD_MAX_LENGTH });
  return undefined;
}

export function enteredPasswordRules(t: TFunction, labelKey: string): FormRule[] {
  return rulesOf((value) => enteredPasswordIssue(t, value, labelKey));
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
