import { EyeInvisibleOutlined, LinkOutlined, MailOutlined, MessageOutlined } from '@ant-design/icons';
import { outboxEntity } from '@ebox/domain';
import { Descriptions, Drawer, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import type { EntityRecord } from '../../kit/entity-api';
import { enumLabel, fieldLabel } from '../../kit/entity-labels';
import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { EntityList } from '../../kit/list/entity-list';
import type { FieldDisplays } from '../../kit/view/record-view';
import { JobQueuePanel } from './job-queue-panel';
import './messages';

/** One row of GET /outbox (docs/api-contract.md, "Settings, audit, files"). */
type OutboxMessage = {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  link: string | null;
  /** The link's one-time token (in `link` and `body`) is masked for this reader. */
  linkHidden: boolean;
  status: string;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
};

function isOutboxMessage(record: Record<string, unknown> | undefined): record is OutboxMessage & EntityRecord {
  return typeof record?.id === 'string' && typeof record.body === 'string' && typeof record.recipient === 'string';
}

const STATUS_COLORS: Record<string, string> = { queued: 'gold', sent: 'green', outbox: 'blue', failed: 'red' };

function MessageLink({ link, hidden }: { link: string | null; hidden: boolean }) {
  const { t } = useTranslation();
  if (!link) return <Typography.Text type="secondary">—</Typography.Text>;
  if (hidden) {
    return (
      <Tooltip title={t('outbox.linkHiddenHint')}>
        <Tag icon={<EyeInvisibleOutlined />} data-testid="outbox-link-hidden">
          {t('outbox.linkHidden')}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Typography.Link href={link} target="_blank" rel="noreferrer" data-testid="outbox-link">
      <LinkOutlined /> {t('outbox.openLink')}
    </Typography.Link>
  );
}

function ChannelCell({ value }: FieldDisplayProps) {
  const { t } = useTranslation();
  const channel = String(value ?? '');
  return (
    <span>
      {channel === 'sms' ? <MessageOutlined /> : <MailOutlined />} {enumLabel(t, outboxEntity, 'channel', channel)}
    </span>
  );
}

function StatusCell({ value }: FieldDisplayProps) {
  const { t } = useTranslation();
  const status = String(value ?? '');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={`outbox-status-${status}`}>
      {enumLabel(t, outboxEntity, 'status', status)}
    </Tag>
  );
}

/** An SMS has no subject: its first words stand in. */
function SubjectCell({ value, record }: FieldDisplayProps) {
  if (typeof value === 'string' && value) return value;
  return isOutboxMessage(record) ? <Typography.Text type="secondary">{record.body.slice(0, 60)}</Typography.Text> : null;
}

function LinkCell({ record }: FieldDisplayProps) {
  return isOutboxMessage(record) ? <MessageLink link={record.link} hidden={record.linkHidden} /> : null;
}

const DISPLAYS: FieldDisplays = { channel: ChannelCell, status: StatusCell, subject: SubjectCell, link: LinkCell };

/** The drawer with one message: its whole text, its link (or why it is hidden), when it was sent or why it failed. */
function OutboxMessageDetail({ row, onClose }: { row: OutboxMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const label = (name: string) => fieldLabel(t, outboxEntity, name);
  return (
    <Drawer open={Boolean(row)} onClose={onClose} title={row?.recipient} size="large" destroyOnHidden data-testid="outbox-detail">
      {row && (
        <div data-testid="outbox-body">
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={label('createdAt')}>{formatDateTime(row.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={label('status')}>
              <StatusCell entity={outboxEntity} path="status" field={outboxEntity.fields.status} value={row.status} />
            </Descriptions.Item>
            {row.sentAt && <Descriptions.Item label={label('sentAt')}>{formatDateTime(row.sentAt)}</Descriptions.Item>}
          </Descriptions>
          {row.subject && <Typography.Title level={5}>{row.subject}</Typography.Title>}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{row.body}</Typography.Paragraph>
          {row.link && row.linkHidden && (
            <Typography.Paragraph type="secondary" data-testid="outbox-link-hidden-hint">
              <MessageLink link={row.link} hidden /> {t('outbox.linkHiddenHint')}
            </Typography.Paragraph>
          )}
          {row.link && !row.linkHidden && (
            <Typography.Paragraph copyable={{ text: row.link }} style={{ wordBreak: 'break-all' }}>
              <MessageLink link={row.link} hidden={false} /> <Typography.Text type="secondary">{row.link}</Typography.Text>
            </Typography.Paragraph>
          )}
          {row.error && (
            <Typography.Text type="danger" data-testid="outbox-error">
              {`${label('error')} (${label('attempts')}: ${row.attempts}): ${row.error}`}
            </Typography.Text>
          )}
        </div>
      )}
    </Drawer>
  );
}

/**
 * /outbox (settingsEdit): mail and SMS the console queued, sent, failed to send or, without
 * SMTP_URL or an SMS provider, kept here, so verification and reset links work on a laptop; and
 * the job queue that sends them. The kit's read-only list of outboxEntity (filter panel, totals,
 * empty state, sort and page in the URL, cards on a phone); a message opens in a drawer. The API
 * masks a link's token for a reader who may not manage its recipient; the page says so instead of
 * offering a dead link.
 */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<OutboxMessage | null>(null);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <EntityList
        entity={outboxEntity}
        readOnly
        permissions={{ read: 'settingsEdit' }}
        title={t('outbox.title')}
        description={t('outbox.intro')}
        displays={DISPLAYS}
        onOpen={(record) => setSelected(isOutboxMessage(record) ? record : null)}
        testId="outbox-table"
      />
      <OutboxMessageDetail row={selected} onClose={() => setSelected(null)} />
      <JobQueuePanel />
    </Space>
  );
}
