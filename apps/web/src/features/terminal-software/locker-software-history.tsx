import { DECLARED_ENTITIES, type SoftwareHistoryAnswer, type SoftwareHistoryRow } from '@ebox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api-client';
import { formatDateTime } from '../../app/format';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { ScrollRegion } from '../../kit/list/scroll-region';
import { screenPathsOf } from '../../kit/screens';
import { reasonText, UpdateStateTag } from './software-words';

const release = DECLARED_ENTITIES.terminalUiRelease;

/** One release's passage through the locker (GET /ebox/{id}/software-history, packages/domain releases/reads.ts). */
type HistoryRow = SoftwareHistoryRow;

const PAGE_SIZE = 10;

/**
 * The locker's version history (issue 31): every release that reached it, newest first, what it
 * sent and the version before, how it ended and why, each linked to its release. A release moving
 * on this locker (pushed live) reads the page again.
 */
export function LockerSoftwareHistory({ eboxId }: { eboxId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['entity', 'terminalUiRelease', 'software-history', eboxId, page],
    queryFn: () => api.get<SoftwareHistoryAnswer>(`/ebox/${eboxId}/software-history`, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready' || (message.name === 'terminalUiRelease.lockerChanged' && message.payload.eboxId === eboxId))
      void history.refetch();
  });
  const title = t('lockerSoftware.title');
  return (
    <Card size="small" title={<h2 style={{ margin: 0, font: 'inherit' }}>{title}</h2>} data-testid="locker-software-history">
      {history.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('lockerSoftware.loadFailed')}
          action={<Button onClick={() => void history.refetch()}>{t('releasePage.retry')}</Button>}
        />
      ) : (
        <ScrollRegion label={title}>
          <Table<HistoryRow>
            size="small"
            loading={history.isPending}
            rowKey={(row) => row.releaseId}
            dataSource={history.data?.rows ?? []}
            // In the text colour: the table's own placeholder grey is under 4.5:1 (axe, color-contrast).
            locale={{ emptyText: <Typography.Text>{t('lockerSoftware.empty')}</Typography.Text> }}
            pagination={
              (history.data?.count ?? 0) > PAGE_SIZE
                ? { current: page, pageSize: PAGE_SIZE, total: history.data?.count, onChange: setPage, showSizeChanger: false }
                : false
            }
            columns={[
              {
                key: 'release',
                title: t('lockerSoftware.columns.release'),
                render: (_, row) => <Link to={screenPathsOf(release).view(row.releaseId)}>{row.releaseName}</Link>,
              },
              { key: 'kind', title: t('lockerSoftware.columns.kind'), render: (_, row) => t(`lockerSoftware.kinds.${row.kind}`) },
              {
                key: 'version',
                title: t('lockerSoftware.columns.version'),
                render: (_, row) => row.version ?? '–',
              },
              {
                key: 'previousVersion',
                title: t('lockerSoftware.columns.previousVersion'),
                // The API keeps the application version a locker ran before: beside a UI build it would read as the UI's.
                render: (_, row) => (row.kind === 'application' ? (row.previousVersion ?? '–') : '–'),
              },
              {
                key: 'state',
                title: t('lockerSoftware.columns.state'),
                render: (_, row) => (
                  <>
                    <UpdateStateTag state={row.state} />
                    {row.reason && (
                      <Typography.Text type="danger" style={{ display: 'block' }}>
                        {reasonText(t, row.reason)}
                      </Typography.Text>
                    )}
                  </>
                ),
              },
              { key: 'attempt', title: t('lockerSoftware.columns.attempt'), render: (_, row) => row.attempt },
              {
                key: 'sentAt',
                title: t('lockerSoftware.columns.sentAt'),
                render: (_, row) => (row.sentAt ? formatDateTime(row.sentAt) : '–'),
              },
              { key: 'updatedAt', title: t('lockerSoftware.columns.updatedAt'), render: (_, row) => formatDateTime(row.updatedAt) },
            ]}
          />
        </ScrollRegion>
      )}
    </Card>
  );
}
