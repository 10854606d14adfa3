import { PauseCircleOutlined, PlayCircleOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { DECLARED_ENTITIES, type LiveEvent } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Flex, Grid, Progress, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { announce } from '../../app/announcer';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { formatDateTime } from '../../app/format';
import { type LiveMessage, useLiveConnected, useLiveEvents } from '../../app/live-events';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { ScrollRegion } from '../../kit/list/scroll-region';
import { useRouteEntity } from '../../kit/route-entity';
import { screenPathsOf } from '../../kit/screens';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { countOf, type LockerCounts, ReleaseStatusTag, reasonText, UpdateStateTag } from './software-words';

const release = DECLARED_ENTITIES.terminalUiRelease;
const ebox = DECLARED_ENTITIES.ebox;

/** One locker of a release as GET /terminalUiRelease/{id}/lockers answers it. */
type ReleaseLocker = {
  ebox: { id: string; name: string | null; code: string | null };
  stage: number;
  state: string;
  attempt: number;
  reason: string | null;
  previousVersion: string | null;
  sentAt: string | null;
  updatedAt: string;
};
type LockersAnswer = { rows: ReleaseLocker[]; count: number };

const lockersKey = (id: string) => [...entityKeys.all('terminalUiRelease'), 'lockers', id] as const;
const lockerName = (row: ReleaseLocker) => row.ebox.name ?? row.ebox.code ?? row.ebox.id;

/**
 * Keeps the release and its lockers true to the pushed events (GET /live, not polled): a status move
 * patches the record and is said in the live region, a locker's move patches its row; after each
 * (re)connection both are read again, since events may have been missed in between.
 */
function useReleaseLive(releaseId: string): boolean {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useLiveConnected(setConnected);
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready') {
      void queryClient.invalidateQueries({ queryKey: entityKeys.find('terminalUiRelease', releaseId) });
      void queryClient.invalidateQueries({ queryKey: lockersKey(releaseId) });
      return;
    }
    const event = message as LiveEvent;
    if (event.name === 'terminalUiRelease.changed' && event.payload.releaseId === releaseId) {
      const { status, pauseReason, currentStage } = event.payload;
      const before = queryClient.getQueryData<EntityRecord>(entityKeys.find('terminalUiRelease', releaseId));
      queryClient.setQueryData<EntityRecord>(entityKeys.find('terminalUiRelease', releaseId), (old) =>
        old ? { ...old, status, pauseReason, currentStage } : old,
      );
      if (before && before.status !== status)
        announce(t('releasePage.announce.status', { status: enumLabel(t, release, 'status', status).toLowerCase() }));
      // The start plans the stages (stageCount, lockerCount, startedAt): read the record and its lockers again.
      void queryClient.invalidateQueries({ queryKey: entityKeys.find('terminalUiRelease', releaseId) });
      if (before?.status === 'SCHEDULED' || status === 'COMPLETED') void queryClient.invalidateQueries({ queryKey: lockersKey(releaseId) });
      return;
    }
    if (event.name === 'terminalUiRelease.lockerChanged' && event.payload.releaseId === releaseId) {
      const { eboxId, stage, state, attempt, reason, at } = event.payload;
      const known = queryClient.getQueryData<LockersAnswer>(lockersKey(releaseId))?.rows.some((row) => row.ebox.id === eboxId);
      if (!known) {
        void queryClient.invalidateQueries({ queryKey: lockersKey(releaseId) });
        return;
      }
      queryClient.setQueryData<LockersAnswer>(lockersKey(releaseId), (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((row) =>
                row.ebox.id === eboxId
                  ? { ...row, stage, state, attempt, reason, updatedAt: at, sentAt: row.sentAt ?? (state === 'sent' ? at : null) }
                  : row,
              ),
            }
          : old,
      );
    }
  });
  return connected;
}

/** One stage: its lockers, how many succeeded, failed, are under way, and a bar of the succeeded and failed shares. */
function StageCard({ number, counts, current }: { number: number; counts: LockerCounts; current: boolean }) {
  const { t } = useTranslation();
  const percent = (value: number) => (counts.total ? Math.round((value / counts.total) * 100) : 0);
  const title = (
    <Space size={4} wrap>
      <h3 style={{ margin: 0, font: 'inherit', fontWeight: 600 }}>{t('releasePage.stage', { number: number + 1 })}</h3>
      {number === 0 && <Tag>{t('releasePage.canary')}</Tag>}
      {current && <Tag color="blue">{t('releasePage.current')}</Tag>}
    </Space>
  );
  return (
    <Card size="small" title={title} data-testid="release-stage" data-stage={number}>
      <Typography.Text type="secondary">{t('releasePage.lockersInStage', { count: counts.total })}</Typography.Text>
      <Progress
        percent={percent(counts.succeeded + counts.failed)}
        success={{ percent: percent(counts.succeeded) }}
        status={counts.failed ? 'exception' : undefined}
        showInfo={false}
        aria-label={t('releasePage.stageSummary', { number: number + 1, ...counts, count: counts.total })}
      />
      <dl className="release-stage-counts" style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '2px 12px', margin: 0 }}>
        {(['succeeded', 'failed', 'inProgress', 'waiting'] as const).map((kind) => (
          <div key={kind} style={{ display: 'contents' }} data-testid={`stage-${kind}`} data-count={counts[kind]}>
            <dt>{t(`releasePage.counts.${kind}`)}</dt>
            <dd style={{ margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{counts[kind]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** On a phone each locker is a short block (name, state, attempt and time, reason) instead of a wide table. */
function LockerBlocks({ rows }: { rows: ReleaseLocker[] }) {
  const { t } = useTranslation();
  return (
    <ul
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      data-testid="release-lockers"
      aria-label={t('entities.terminalUiRelease.fields.ebox')}
    >
      {rows.map((row) => (
        <li
          key={row.ebox.id}
          data-locker={row.ebox.id}
          data-state={row.state}
          style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Link to={screenPathsOf(ebox).view(row.ebox.id)}>{lockerName(row)}</Link>
            <UpdateStateTag state={row.state} />
          </Flex>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {t('releasePage.stage', { number: row.stage + 1 })} ·{' '}
            {t('releasePage.lockerCard', { attempt: row.attempt, date: formatDateTime(row.updatedAt) })}
          </Typography.Text>
          {row.reason && (
            <Typography.Text type="danger" style={{ display: 'block' }} data-testid="locker-reason">
              {reasonText(t, row.reason)}
            </Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The release's status, its stages and each locker's update, live. */
function ReleaseProgress({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const connected = useReleaseLive(record.id);
  const status = String(record.status ?? 'SCHEDULED');
  const lockers = useQuery({
    queryKey: lockersKey(record.id),
    queryFn: () => api.get<LockersAnswer>(`/terminalUiRelease/${record.id}/lockers`),
    enabled: status !== 'SCHEDULED',
  });
  const rows = lockers.data?.rows ?? [];
  const stages = useMemo(() => {
    const byStage = new Map<number, string[]>();
    for (const row of rows) byStage.set(row.stage, [...(byStage.get(row.stage) ?? []), row.state]);
    return [...byStage.entries()].sort(([a], [b]) => a - b).map(([number, states]) => ({ number, counts: countOf(states) }));
  }, [rows]);
  const current = typeof record.currentStage === 'number' ? record.currentStage : null;
  const phone = Grid.useBreakpoint().md !== true;

  let body: ReactNode;
  if (status === 'SCHEDULED' || (status === 'CANCELED' && !record.startedAt)) {
    body = (
      <Typography.Paragraph style={{ margin: 0 }} data-testid="release-not-started">
        {status === 'SCHEDULED'
          ? t('releasePage.notStarted', { date: formatDateTime(String(record.scheduledAt)) })
          : t('releasePage.canceledBeforeStart')}
      </Typography.Paragraph>
    );
  } else if (lockers.isPending) {
    body = (
      <div style={{ textAlign: 'center', padding: 24 }}>
        <Spin />
      </div>
    );
  } else if (lockers.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('releasePage.loadFailed')}
        action={<Button onClick={() => void lockers.refetch()}>{t('releasePage.retry')}</Button>}
      />
    );
  } else if (!rows.length) {
    body = <Empty description={t('releasePage.noLockers')} />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <Row gutter={[12, 12]}>
          {stages.map((stage) => (
            <Col key={stage.number} xs={12} lg={8}>
              <StageCard number={stage.number} counts={stage.counts} current={current === stage.number && status === 'RUNNING'} />
            </Col>
          ))}
        </Row>
        {phone ? (
          <LockerBlocks rows={rows} />
        ) : (
          <ScrollRegion label={t('entities.terminalUiRelease.fields.ebox')}>
            <Table<ReleaseLocker>
              size="small"
              rowKey={(row) => row.ebox.id}
              dataSource={rows}
              pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              data-testid="release-lockers"
              onRow={(row) => ({ 'data-locker': row.ebox.id, 'data-state': row.state }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  key: 'locker',
                  title: t('releasePage.columns.locker'),
                  render: (_, row) => <Link to={screenPathsOf(ebox).view(row.ebox.id)}>{lockerName(row)}</Link>,
                },
                { key: 'stage', title: t('releasePage.columns.stage'), render: (_, row) => row.stage + 1 },
                { key: 'state', title: t('releasePage.columns.state'), render: (_, row) => <UpdateStateTag state={row.state} /> },
                { key: 'attempt', title: t('releasePage.columns.attempt'), render: (_, row) => row.attempt },
                {
                  key: 'reason',
                  title: t('releasePage.columns.reason'),
                  render: (_, row) =>
                    row.reason ? (
                      <Typography.Text type="danger" data-testid="locker-reason">
                        {reasonText(t, row.reason)}
                      </Typography.Text>
                    ) : null,
                },
                // The application version each locker ran before: shown for a release that sends one.
                ...(record.version
                  ? [
                      {
                        key: 'previousVersion',
                        title: t('releasePage.columns.previousVersion'),
                        render: (_: unknown, row: ReleaseLocker) => row.previousVersion ?? '–',
                      },
                    ]
                  : []),
                { key: 'updatedAt', title: t('releasePage.columns.updatedAt'), render: (_, row) => formatDateTime(row.updatedAt) },
              ]}
            />
          </ScrollRegion>
        )}
      </Flex>
    );
  }

  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, font: 'inherit' }}>{t('releasePage.progress')}</h2>}
      extra={
        <Tag color={connected ? 'green' : 'default'} data-testid="live-sign">
          {connected ? '● ' : '○ '}
          {t(connected ? 'releasePage.live.on' : 'releasePage.live.off')}
        </Tag>
      }
      data-testid="release-progress"
    >
      <Flex vertical gap={12}>
        <Space wrap>
          <ReleaseStatusTag status={status} />
          {status === 'RUNNING' && current !== null && typeof record.stageCount === 'number' && (
            <Typography.Text type="secondary">
              {t('releasePage.stage', { number: current + 1 })} / {record.stageCount}
            </Typography.Text>
          )}
        </Space>
        {status === 'PAUSED' && record.pauseReason ? (
          <Alert
            type="warning"
            showIcon
            data-testid="release-paused"
            title={t('releasePage.paused', { reason: enumLabel(t, release, 'pauseReason', String(record.pauseReason)) })}
          />
        ) : null}
        {body}
      </Flex>
    </Card>
  );
}

type ReleaseAction = 'pause' | 'resume' | 'cancel' | 'retryFailed';

/**
 * The release's declared actions (POST /terminalUiRelease/{id}/{action}): pause and resume at once,
 * cancel and retry the failed lockers after asking (a cancel cannot be undone, a retry commands
 * lockers now). Each shows only where the lifecycle allows it and the user holds its permission.
 */
function ReleaseActions({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();
  const [busy, setBusy] = useState<ReleaseAction | null>(null);
  const status = String(record.status ?? 'SCHEDULED');
  const lockers = queryClient.getQueryData<LockersAnswer>(lockersKey(record.id));
  const failed = (lockers?.rows ?? []).filter((row) => row.state === 'failed' || row.state === 'timed-out').length;
  // Subscribed so the retry button appears as lockers fail.
  useQuery({
    queryKey: lockersKey(record.id),
    queryFn: () => api.get<LockersAnswer>(`/terminalUiRelease/${record.id}/lockers`),
    enabled: status !== 'SCHEDULED',
  });

  const run = async (action: ReleaseAction) => {
    setBusy(action);
    try {
      const answer = await api.post<EntityRecord>(`/terminalUiRelease/${record.id}/${action}`, { data: {} });
      const done = { pause: 'paused', resume: 'resumed', cancel: 'canceled', retryFailed: 'retried' } as const;
      message.success(t(`releasePage.actions.${done[action]}`));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('terminalUiRelease') });
      if (action === 'retryFailed' && answer?.id) navigate(screenPathsOf(release).view(answer.id));
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };
  const confirm = (action: 'cancel' | 'retryFailed') =>
    modal.confirm({
      title: t(action === 'cancel' ? 'releasePage.actions.cancelTitle' : 'releasePage.actions.retryTitle'),
      content: t(action === 'cancel' ? 'releasePage.actions.cancelText' : 'releasePage.actions.retryText', { count: failed }),
      okText: t(action === 'cancel' ? 'releasePage.actions.cancel' : 'releasePage.actions.retryFailed'),
      okButtonProps: { danger: action === 'cancel', ...tagForTests(`confirm-${action}`) },
      cancelText: t('releasePage.actions.keep'),
      onOk: () => run(action),
    });

  const edit = can('terminalUiReleaseEdit');
  const showPause = edit && status === 'RUNNING';
  const showResume = edit && status === 'PAUSED';
  const showCancel = edit && ['SCHEDULED', 'RUNNING', 'PAUSED'].includes(status);
  const showRetry = can('terminalUiReleaseCreate') && status !== 'SCHEDULED' && failed > 0;
  if (!showPause && !showResume && !showCancel && !showRetry) return null;
  return (
    <Flex wrap gap={8} justify="space-between" align="center" data-testid="release-actions">
      <Space wrap>
        {showPause && (
          <Button icon={<PauseCircleOutlined />} loading={busy === 'pause'} onClick={() => void run('pause')} data-testid="release-pause">
            {t('releasePage.actions.pause')}
          </Button>
        )}
        {showResume && (
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            loading={busy === 'resume'}
            onClick={() => void run('resume')}
            data-testid="release-resume"
          >
            {t('releasePage.actions.resume')}
          </Button>
        )}
        {showRetry && (
          <Button
            icon={<RedoOutlined />}
            loading={busy === 'retryFailed'}
            onClick={() => confirm('retryFailed')}
            data-testid="release-retry"
          >
            {t('releasePage.actions.retryFailed')}
          </Button>
        )}
      </Space>
      {showCancel && (
        <Button danger icon={<StopOutlined />} loading={busy === 'cancel'} onClick={() => confirm('cancel')} data-testid="release-cancel">
          {t('releasePage.actions.cancel')}
        </Button>
      )}
    </Flex>
  );
}

/** /release/:id: the release's actions, its status, stages and lockers live, then its record. */
export function ReleaseViewPage() {
  const entity = useRouteEntity();
  const scheduled = (record: EntityRecord) => (record.status ?? 'SCHEDULED') === 'SCHEDULED';
  return (
    <EntityViewPage
      entity={entity}
      isEditable={scheduled}
      isDestroyable={scheduled}
      header={(record) => <ReleaseActions record={record} />}
      lead={(record) => <ReleaseProgress record={record} />}
    />
  );
}
