import type { AuditLogRecord } from '@ebox/domain';
import { useTranslation } from 'react-i18next';
import { RelationLink } from '../fields/field-display';
import { relatedViewPath } from '../screens';
import { entityLabelOf } from './audit-names';

/**
 * The record an entry is about, by its label at the time of the change, linking to its view when
 * the reader may read it and it may still exist (a deletion names it without a link).
 */
export function AuditRecordLink({ entry }: { entry: AuditLogRecord }) {
  const { i18n } = useTranslation();
  const entityName = entry.entityName ?? '';
  const id = entry.entityId;
  const label = entry.entityLabel ?? (relatedViewPath(entityName, id ?? '') ? (id ?? '') : entityLabelOf(i18n, entityName));
  if (!id || entry.action === 'delete' || !relatedViewPath(entityName, id)) return <span>{label}</span>;
  return <RelationLink target={entityName} item={{ id, label }} />;
}
