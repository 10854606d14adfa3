import { type AuditLogRecord, auditLogEntity } from '@ebox/domain';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { AuditChanges } from '../../kit/audit/audit-changes';
import { actionLabelOf, entityLabelOf } from '../../kit/audit/audit-names';
import { AuditRecordLink } from '../../kit/audit/audit-record-link';
import { AuthorText } from '../../kit/audit/author-text';
import { fieldLabel } from '../../kit/entity-labels';

/** The drawer with one audit entry: who did what to which record when, and every field it changed. */
export function AuditLogDetail({ row, onClose }: { row: AuditLogRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const label = (name: string) => fieldLabel(t, auditLogEntity, name);
  return (
    <Drawer open={Boolean(row)} onClose={onClose} title={t('auditLog.detail')} size="large" data-testid="audit-log-detail" destroyOnHidden>
      {row && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label={label('timestamp')}>{formatDateTime(row.timestamp)}</Descriptions.Item>
            <Descriptions.Item label={label('createdByEmail')}>
              <AuthorText email={row.createdByEmail ?? null} name={row.authorName} actorLabel={row.actorLabel ?? null} />
              {row.authorName && row.createdByEmail && <Typography.Text type="secondary"> ({row.createdByEmail})</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={label('entityName')}>{entityLabelOf(i18n, row.entityName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={label('entityLabel')}>
              <AuditRecordLink entry={row} />
            </Descriptions.Item>
            <Descriptions.Item label={label('action')}>
              <Tag>{actionLabelOf(i18n, row.action ?? '')}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{label('values')}</Typography.Title>
          <AuditChanges entry={row} />
        </>
      )}
    </Drawer>
  );
}
