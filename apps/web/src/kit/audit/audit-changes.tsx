import { type AuditChange, type AuditLogRecord, auditChangesOf, auditEventTextOf } from '@ebox/domain';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import './audit-messages';
import { useAuditWording } from './audit-wording';

function labelsById(references: Record<string, unknown> | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [id, label] of Object.entries(references ?? {})) if (typeof label === 'string') result[id] = label;
  return result;
}

/** The changes of an entry in the reader's words (shared by the log, its drawer and a record's history). */
export function useAuditChanges(entry: AuditLogRecord): AuditChange[] {
  const wording = useAuditWording();
  return useMemo(() => auditChangesOf(entry, { ...wording, references: labelsById(entry.references) }), [entry, wording]);
}

function ChangeLine({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  const none = t('auditLog.none');
  if (change.added || change.removed)
    return (
      <>
        <Typography.Text strong>{change.label}:</Typography.Text>{' '}
        {change.added?.length ? <Typography.Text type="success">+ {change.added.join(', ')}</Typography.Text> : null}
        {change.added?.length && change.removed?.length ? '; ' : null}
        {change.removed?.length ? <Typography.Text type="danger">− {change.removed.join(', ')}</Typography.Text> : null}
      </>
    );
  return (
    <>
      <Typography.Text strong>{change.label}:</Typography.Text> <Typography.Text type="secondary">{change.before ?? none}</Typography.Text>{' '}
      → {change.after ?? none}
    </>
  );
}

/**
 * What an entry changed, one line per field: "Nome: A → B"; an event at a door (opened, a parcel
 * deposited) as one sentence instead, "Porta 4 de RJ-COPA-01 aberta". `limit` keeps a list's cell
 * short (the rest is counted; the whole entry opens from the row).
 */
export function AuditChanges({ entry, limit }: { entry: AuditLogRecord; limit?: number }) {
  const { t } = useTranslation();
  const changes = useAuditChanges(entry);
  const event = auditEventTextOf(t, entry);
  if (event)
    return (
      <ul className="audit-changes" data-testid="audit-changes">
        <li data-testid="audit-event">{event}</li>
      </ul>
    );
  if (!changes.length) return <Typography.Text type="secondary">{t('auditLog.noChanges')}</Typography.Text>;
  const shown = limit ? changes.slice(0, limit) : changes;
  const rest = changes.length - shown.length;
  return (
    <ul className="audit-changes" data-testid="audit-changes">
      {shown.map((change) => (
        <li key={change.key}>
          <ChangeLine change={change} />
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Typography.Text type="secondary">{t('auditLog.moreChanges', { count: rest })}</Typography.Text>
        </li>
      )}
    </ul>
  );
}
