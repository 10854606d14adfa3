import { DownloadOutlined } from '@ant-design/icons';
import type { EntityDeclaration, PackingOutcome, PackingStep } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Progress, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandler } from '../../app/error-handler';
import { useApp } from '../../app/feedback';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { type EntityRecord, entityKeys, saveBlob } from '../../kit/entity-api';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { downloadRomaneio, fetchPackingRows, type PackingRow, packingKeys } from './packing-api';
import { FinishButton } from './packing-finish';
import { type LockerProgress, progressByLocker } from './packing-plan';
import { ChangedTag, lockerName, TrackingCodeCell } from './packing-step-list';
import './messages';

/** Shown in the rows under the record, or not at all, rather than as hundreds of links in one cell. */
const LISTED_BELOW = new Set(['orders', 'trackingCode', 'eboxes']);

const OUTCOME_COLORS: Record<PackingOutcome | 'none', string> = {
  none: 'default',
  done: 'success',
  wrongLocker: 'warning',
  notMade: 'error',
};

export function OutcomeTag({ outcome }: { outcome: PackingOutcome | null }) {
  const { t } = useTranslation();
  const key = outcome ?? 'none';
  return (
    <Tag color={OUTCOME_COLORS[key]} data-testid="packing-outcome" data-outcome={key}>
      {t(`packingPage.outcomes.${key}`)}
    </Tag>
  );
}

/**
 * The packing's rows follow the courier's run (issue 30, item 3): on `packing.progress` for this
 * packing the row takes its outcome at once and the rows and the record (its count still to do) are
 * read again; after each (re)connection they are read again, since events may have been missed.
 */
function usePackingLive(packingId: string): void {
  const queryClient = useQueryClient();
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready') {
      void queryClient.invalidateQueries({ queryKey: packingKeys.orders(packingId) });
      return;
    }
    if (message.name !== 'packing.progress' || message.payload.packingId !== packingId) return;
    const { orderId, outcome } = message.payload;
    queryClient.setQueryData<{ rows: PackingRow[]; count: number }>(packingKeys.orders(packingId), (old) =>
      old ? { ...old, rows: old.rows.map((row) => (row.orderId === orderId ? { ...row, outcome } : row)) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: packingKeys.orders(packingId), exact: true });
    void queryClient.invalidateQueries({ queryKey: entityKeys.find('packing', packingId), exact: true });
  });
}

function DownloadButton({ packing }: { packing: EntityRecord }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const handleError = useErrorHandler();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const pdf = await downloadRomaneio(packing.id);
      saveBlob(pdf.blob, pdf.fileName);
      message.success(t('packingPage.downloaded'));
      // Printing an open packing re-checks its targets: a re-targeted row shows its new compartment.
      void queryClient.invalidateQueries({ queryKey: packingKeys.orders(packing.id) });
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="packing-download">
      {t('packingPage.actions.download')}
    </Button>
  );
}

/** The courier's code of an open run, which the API shows only to who plans runs (the kit's view hides secrets). */
function RunCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text data-testid="packing-run-code">
      {t('entities.packing.fields.runCode')}:{' '}
      <Typography.Text strong copyable style={{ fontFamily: 'monospace', fontSize: 16 }}>
        {code}
      </Typography.Text>
    </Typography.Text>
  );
}

function ProgressLine({ done, total, testId }: { done: number; total: number; testId: string }) {
  const { t } = useTranslation();
  const label = t('packingPage.progress', { done, total });
  return (
    <Space size={8} data-testid={testId} data-done={done} data-total={total}>
      <Progress
        percent={total ? Math.round((done / total) * 100) : 0}
        size="small"
        style={{ width: 120, margin: 0 }}
        showInfo={false}
        aria-label={label}
      />
      <Typography.Text>{label}</Typography.Text>
    </Space>
  );
}

function LockerRows({ locker }: { locker: LockerProgress }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<PackingRow> = [
    {
      key: 'trackingCode',
      title: t('packingPage.columns.trackingCode'),
      render: (_, row) => (
        // A phone has no room for the step's and size's columns: they follow the code.
        <TrackingCodeCell code={row.trackingCode} phoneLine={`${t(`entities.packing.steps.${row.step}`)} · ${row.compartimentSize ?? '—'}`}>
          {/* Once done, the change is the courier's own deposit or collection. */}
          {row.hasChange && row.outcome !== 'done' && <ChangedTag hint={t('packingPage.hasChangeHintPacked')} />}
        </TrackingCodeCell>
      ),
    },
    {
      key: 'step',
      title: t('packingPage.columns.step'),
      responsive: ['sm'],
      render: (_, row) => t(`entities.packing.steps.${row.step satisfies PackingStep}`),
    },
    { key: 'size', title: t('packingPage.columns.size'), responsive: ['sm'], render: (_, row) => row.compartimentSize ?? '—' },
    {
      key: 'target',
      title: t('packingPage.columns.compartment'),
      render: (_, row) => {
        if (row.step !== 'delivery') return row.compartimentNumber ?? '—';
        if (!row.target)
          return (
            <Typography.Text type="danger" data-testid="packing-not-fitting">
              {row.notFitting ?? '—'}
            </Typography.Text>
          );
        return (
          <span data-testid="packing-target">
            {row.target.number}
            {row.previousCompartimentNumber !== null && row.previousCompartimentNumber !== row.target.number && (
              <Typography.Text type="secondary">
                {' '}
                ({t('packingPage.retargeted', { number: row.previousCompartimentNumber })})
              </Typography.Text>
            )}
          </span>
        );
      },
    },
    { key: 'outcome', title: t('packingPage.columns.outcome'), render: (_, row) => <OutcomeTag outcome={row.outcome} /> },
  ];
  const name = lockerName(t, locker.ebox);
  return (
    <section aria-label={name} data-testid="packing-view-locker" data-locker={locker.ebox?.code ?? ''} style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 15 }}>
          {name}
        </Typography.Title>
        <ProgressLine done={locker.done} total={locker.total} testId="packing-locker-progress" />
      </div>
      <Table<PackingRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={locker.rows}
        pagination={locker.rows.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
        onRow={(row) => ({ 'data-testid': 'packing-view-row', 'data-code': row.trackingCode }) as HTMLAttributes<HTMLElement>}
      />
    </section>
  );
}

/** The rows of a packing, by locker in the run's order, with done / total per locker and overall. */
function PackingRows({ packing }: { packing: EntityRecord }) {
  const { t } = useTranslation();
  usePackingLive(packing.id);
  const rows = useQuery({ queryKey: packingKeys.orders(packing.id), queryFn: () => fetchPackingRows(packing.id) });
  const progress = useMemo(() => progressByLocker(rows.data?.rows ?? []), [rows.data]);
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 'inherit' }}>
          {t('packingPage.orders.title')}
        </Typography.Title>
      }
      loading={rows.isPending}
      data-testid="packing-view-rows"
    >
      {progress.lockers.length ? (
        <>
          <div style={{ marginBottom: 16 }}>
            <ProgressLine done={progress.done} total={progress.total} testId="packing-progress" />
          </div>
          {progress.lockers.map((locker) => (
            <LockerRows key={locker.ebox?.id ?? 'none'} locker={locker} />
          ))}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packingPage.orders.empty')} />
      )}
    </Card>
  );
}

/**
 * /packing/:id (issue 30): the packing's header, its romaneio to download, finish while open, and
 * its rows by locker with what the courier did at each (done, wrong locker, not made, or still to do).
 */
export function PackingViewPage() {
  const routeEntity = useRouteEntity();
  const entity = useMemo<EntityDeclaration>(
    () => ({ ...routeEntity, fields: Object.fromEntries(Object.entries(routeEntity.fields).filter(([name]) => !LISTED_BELOW.has(name))) }),
    [routeEntity],
  );
  return (
    <EntityViewPage
      entity={entity}
      isDestroyable={(record) => !record.finishedAt}
      lead={(record) => (
        <Space wrap size="middle">
          <DownloadButton packing={record} />
          {!record.finishedAt && <FinishButton records={[record]} testId="packing-finish" />}
          {typeof record.runCode === 'string' && <RunCode code={record.runCode} />}
        </Space>
      )}
    >
      {(record) => <PackingRows packing={record} />}
    </EntityViewPage>
  );
}
