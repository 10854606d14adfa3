import { AUDIT_ACTIONS, AUDITED_ENTITY_NAMES, auditedEntityLabelKey } from '@ebox/domain';
import type { i18n as I18n } from 'i18next';
import './audit-messages';

/** The translated label of an audited entity (the same words the server sorts the log by), or its raw name. */
export function entityLabelOf(i18n: I18n, name: string): string {
  const key = auditedEntityLabelKey(name);
  return i18n.exists(key) ? i18n.t(key) : name;
}

export function actionLabelOf(i18n: I18n, action: string): string {
  return i18n.exists(`auditLog.actions.${action}`) ? i18n.t(`auditLog.actions.${action}`) : action;
}

/** Every action an entry may carry (the domain's AUDIT_ACTIONS, each translated in both languages). */
export function knownActions(): string[] {
  return [...AUDIT_ACTIONS];
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
  return AUDITED_ENTITY_NAMES.map((name) => ({ value: name, label: entityLabelOf(i18n, name) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );
}
