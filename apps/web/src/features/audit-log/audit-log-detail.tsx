import { type AuditLogRecord, auditLogEntity, isPlainObject } from '@ebox/domain';
import { Descriptions, Drawer, Table, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { fieldLabel } from '../../kit/entity-labels';
import { actionLabelOf, entityLabelOf } from './audit-log-names';
import { AuthorText } from './author-text';

type Change = { key: string; before: unknown; after: unknown; changed: boolean };

/** Field by field, before next to after; a whole value when it is not an object. */
function changesOf(row: AuditLogRecord): Change[] {
  const before = row.values.before ?? null;
  const after = row.values.after ?? null;
  const beforeRecord = isPlainObject(before) ? before : null;
  const afterRecord = isPlainObject(after) ? after : null;
  if ((before !== null && !beforeRecord) || (after !== null && !afterRecord)) {
    return [{ key: '', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
  }
  const keys = [...new Set([...Object.keys(beforeRecord ?? {}), ...Object.keys(afterRecord ?? {})])];
  return keys.map((key) => {
    const b = beforeRecord ? beforeRecord[key] : undefined;
    const a = afterRecord ? afterRecord[key] : undefined;
    return { key, before: b, after: a, changed: JSON.stringify(b) !== JSON.stringify(a) };
  });
}

function ValueText({ value, present }: { value: unknown; present: boolean }) {
  const { t } = useTranslation();
  if (!present || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === null) return <Typography.Text type="secondary">null</Typography.Text>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Typography.Text
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: typeof value === 'object' ? 'monospace' : undefined }}
    >
      {text}
    </Typography.Text>
  );
}

/** The drawer with one audit entry: who did what when, and the values before and after. */
export function AuditLogDetail({ row, onClose }: { row: AuditLogRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const label = (name: string) => fieldLabel(t, auditLogEntity, name);
  const { token } = theme.useToken();
  const changes = row ? changesOf(row) : [];
  return (
    <Drawer open={Boolean(row)} onClose={onClose} title={t('auditLog.detail')} size="large" data-testid="audit-log-detail" destroyOnHidden>
      {row && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label={label('timestamp')}>{formatDateTime(row.timestamp)}</Descriptions.Item>
            <Descriptions.Item label={label('createdByEmail')}>
              <AuthorText email={row.createdByEmail ?? null} actorLabel={row.actorLabel ?? null} />
            </Descriptions.Item>
            <Descriptions.Item label={label('entityName')}>{entityLabelOf(i18n, row.entityName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={label('entityId')}>
              <Typography.Text copyable={Boolean(row.entityId)}>{row.entityId ?? '—'}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={label('action')}>
              <Tag>{actionLabelOf(i18n, row.action ?? '')}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{label('values')}</Typography.Title>
          <Table<Change>
            size="small"
            rowKey={(change) => change.key || 'value'}
            pagination={false}
            dataSource={changes}
            locale={{ emptyText: t('auditLog.nothing') }}
            onRow={(change) => ({ style: change.changed ? { background: token.colorWarningBg } : undefined })}
            columns={[
              ...(changes.length === 1 && changes[0]?.key === ''
                ? []
                : [
                    { title: '', dataIndex: 'key', width: '24%', render: (key: string) => <Typography.Text strong>{key}</Typography.Text> },
                  ]),
              {
                title: label('before'),
                render: (_: unknown, change: Change) => <ValueText value={change.before} present={row.values.before != null} />,
              },
              {
                title: label('after'),
                render: (_: unknown, change: Change) => <ValueText value={change.after} present={row.values.after != null} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
