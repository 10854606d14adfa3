import { isPermission, stringsOf, textOf } from '@ebox/domain';
import { Form, Input, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { isPredefinedRoleName, roleDescription } from '../../kit/entity-labels';
import './role-descriptions';
import { CLEARABLE } from '../../kit/fields/clear-icon';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import type { FieldInputProps } from '../../kit/fields/field-input';

/**
 * Which roles the caller may change or delete, as the API decides: never a predefined one, and
 * only one whose permissions the caller all holds (changing it would otherwise lower its holders).
 */
export function useIsManageableRole(): (role: Record<string, unknown>) => boolean {
  const { can } = useCurrentUser();
  return useCallback(
    (role) => !role.predefined && stringsOf(role.permissions).every((permission) => isPermission(permission) && can(permission)),
    [can],
  );
}

/** A role's description on lists and the view page: a predefined role without one of its own shows its translated one. */
export function RoleDescription({ record, value, compact }: FieldDisplayProps) {
  const { t } = useTranslation();
  const text = roleDescription(t, { name: record?.name, description: value });
  if (!text) return compact ? null : <Typography.Text type="secondary">—</Typography.Text>;
  return compact ? (
    <Typography.Text ellipsis style={{ maxWidth: 320 }}>
      {text}
    </Typography.Text>
  ) : (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>
  );
}

/** The name on the role form (predefined roles never open in it). */
export function RoleNameInput({ field, value, onChange, id, autoFocus, disabled }: FieldInputProps) {
  const name = textOf(value) ?? '';
  return (
    <Input
      id={id}
      autoFocus={autoFocus}
      disabled={disabled}
      value={name}
      onChange={(e) => onChange?.(e.target.value)}
      allowClear={CLEARABLE}
      maxLength={field.type === 'text' ? field.max : undefined}
    />
  );
}

/** The description on the role form: a predefined role suggests its translated description until one is written. */
export function RoleDescriptionInput({ value, onChange, id, autoFocus, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const name = textOf(Form.useWatch('name', form));
  return (
    <Input.TextArea
      id={id}
      autoFocus={autoFocus}
      disabled={disabled}
      value={textOf(value) ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={isPredefinedRoleName(name) ? roleDescription(t, { name }) : undefined}
      autoSize={{ minRows: 3, maxRows: 12 }}
    />
  );
}
