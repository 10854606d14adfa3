import type { AuditLogRecord } from '@ebox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Pagination, Spin, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { entityKeys } from '../entity-api';
import { namedPageLinks } from '../list/page-links';
import { auditLogEndpoints } from './audit-api';
import { AuditChanges } from './audit-changes';
import { actionLabelOf } from './audit-names';
import { AuthorText } from './author-text';

const PAGE_SIZE = 10;

function isAuditEntry(record: Record<string, unknown>): record is AuditLogRecord & Record<string, unknown> {
  return typeof record.timestamp === 'string' && typeof record.values === 'object';
}

/**
 * A record's history tab (auditLogRead): the audit log filtered by entity and record id, newest
 * first, each entry worded as the log words it. The API keeps a reader limited to companies to the
 * entries of records of those companies.
 */
export function RecordHistory({ entityName, id }: { entityName: string; id: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const request = {
    filter: { entityName, entityId: id },
    orderBy: 'timestamp_DESC',
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const history = useQuery({
    queryKey: entityKeys.list('auditLog', request),
    queryFn: () => auditLogEndpoints.list(request),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const entries = (history.data?.rows ?? []).filter(isAuditEntry);
  if (history.isPending) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (!entries.length) return <Empty description={t('auditLog.historyEmpty')} data-testid="record-history" />;
  return (
    <div data-testid="record-history">
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="record-history-entry"
            style={{ borderInlineStart: `3px solid ${token.colorBorderSecondary}`, padding: '4px 0 12px 12px', marginBottom: 8 }}
          >
            <Flex wrap gap={8} align="center" style={{ marginBottom: 4 }}>
              <Tag>{actionLabelOf(i18n, entry.action ?? '')}</Tag>
              <Typography.Text type="secondary">{formatDateTime(entry.timestamp)}</Typography.Text>
              <AuthorText email={entry.createdByEmail ?? null} name={entry.authorName} actorLabel={entry.actorLabel ?? null} />
            </Flex>
            <AuditChanges entry={entry} />
          </li>
        ))}
      </ol>
      {(history.data?.count ?? 0) > PAGE_SIZE && (
        <Pagination
          itemRender={namedPageLinks(t)}
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={history.data?.count ?? 0}
          showSizeChanger={false}
          onChange={setPage}
          showTotal={(total) => t('kit.list.total', { count: total })}
        />
      )}
    </div>
  );
}
