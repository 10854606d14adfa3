import { ENTITIES } from '@ebox/domain';
import type { i18n as I18n } from 'i18next';

/** Entity names that write the audit log besides the declared entities (users, settings, messages). */
const PLATFORM_ENTITIES = ['user', 'settings', 'outbox'];

export function auditedEntityNames(): string[] {
  return [...new Set([...PLATFORM_ENTITIES, ...Object.keys(ENTITIES)])];
}

/** The translated label of an audited entity, or its raw name when nothing translates it. */
export function entityLabelOf(i18n: I18n, name: string): string {
  if (i18n.exists(`entities.${name}.label`)) return i18n.t(`entities.${name}.label`);
  if (i18n.exists(`auditLog.entityNames.${name}`)) return i18n.t(`auditLog.entityNames.${name}`);
  return name;
}

export function actionLabelOf(i18n: I18n, action: string): string {
  return i18n.exists(`auditLog.actions.${action}`) ? i18n.t(`auditLog.actions.${action}`) : action;
}

/** Every action some area translates (create, update, delete, import and the auth/IAM ones). */
export function knownActions(i18n: I18n): string[] {
  const actions: unknown = i18n.t('auditLog.actions', { returnObjects: true });
  return actions && typeof actions === 'object' ? Object.keys(actions) : [];
}

/** Text as a search compares it: no case, no accents ("clie" finds "Cliente", "usu" finds "Usuário"). */
export function searchableText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The audited entities as options named in the reader's language, in the order of those names. */
export function entityOptions(i18n: I18n): { value: string; label: string }[] {
  return auditedEntityNames()
    .map((name) => ({ value: name, label: entityLabelOf(i18n, name) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
}
