import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { PackingStep } from '@ebox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Grid, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorHandler } from '../../app/error-handler';
import {
  fetchAllStepRows,
  fetchStepPage,
  type PackingLocker,
  packingKeys,
  type StepFilter,
  type StepMetrics,
  type StepRow,
} from './packing-api';
import { lockerKey, type Picked, type Selection } from './packing-plan';

const PAGE_SIZE = 25;
/** Lockers whose rows show from the start; the others open on demand (200 lockers are 200 lists). */
const OPEN_AT_START = 3;

export type StepLockers = StepMetrics['lockers'];

/** A delivery is picked only where a compartment takes it; a collection always. */
const isSelectable = (row: StepRow) => row.step !== 'delivery' || row.target !== null;

const pickedOf = (row: StepRow): Picked => ({ id: row.id, trackingCode: row.trackingCode, step: row.step, ebox: row.ebox });

/** "Alterado" with why, reachable by keyboard (the tooltip opens on focus). */
export function ChangedTag({ hint }: { hint: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={hint}>
      <Tag color="warning" tabIndex={0} aria-label={`${t('packingPage.hasChange')}: ${hint}`} data-testid="packing-has-change">
        {t('packingPage.hasChange')}
      </Tag>
    </Tooltip>
  );
}

/**
 * A row's tracking code, with what a phone has no column for (`phoneLine`, shown only there) and the
 * row's tags after it.
 */
export function TrackingCodeCell({ code, phoneLine, children }: { code: string; phoneLine: ReactNode; children?: ReactNode }) {
  const wide = Grid.useBreakpoint().sm !== false;
  return (
    <Space size={4} wrap>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {code}
      </Typography.Text>
      {!wide && <Typography.Text type="secondary">{phoneLine}</Typography.Text>}
      {children}
    </Space>
  );
}

export function lockerName(t: (key: string) => string, ebox: PackingLocker | null): string {
  return ebox ? `${ebox.code} · ${ebox.name}` : t('packingPage.locker.none');
}

type LockerSectionProps = {
  step: PackingStep;
  locker: StepLockers[number];
  filter: StepFilter;
  selection: Selection;
  refused: ReadonlyMap<string, string>;
  onPick: (add: Picked[], remove: string[]) => void;
  defaultOpen: boolean;
  /** The step's orders under the filter: those without a locker are its last ones. */
  stepTotal: number;
};

/** One locker of a step: its counts, select-all, and its rows 25 a page once opened. */
function LockerSection({ step, locker, filter, selection, refused, onPick, defaultOpen, stepTotal }: LockerSectionProps) {
  const { t } = useTranslation();
  const handleError = useErrorHandler();
  const [open, setOpen] = useState(defaultOpen);
  const [page, setPage] = useState(1);
  const [selectingAll, setSelectingAll] = useState(false);
  const key = lockerKey(locker.ebox);
  // Orders without a locker cannot be asked for alone: they end the step's list (lockers by code, none last).
  const lockerFilter: StepFilter = { ...filter, ebox: locker.ebox ? [locker.ebox.id] : undefined };
  const base = locker.ebox ? 0 : Math.max(0, stepTotal - locker.count);
  const rows = useQuery({
    queryKey: packingKeys.step(step, lockerFilter, base + page),
    queryFn: () => fetchStepPage(step, lockerFilter, base + (page - 1) * PAGE_SIZE, PAGE_SIZE),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const shown = (rows.data?.rows ?? []).filter((row) => lockerKey(row.ebox) === key);
  const count = locker.ebox ? (rows.data?.count ?? 0) : locker.count;
  const selectedHere = [...selection.values()].filter((picked) => picked.step === step && lockerKey(picked.ebox) === key).length;
  const name = lockerName(t, locker.ebox);
  const headingId = `packing-${step}-locker-${key || 'none'}`;

  const selectAll = async (checked: boolean) => {
    if (!checked) {
      onPick(
        [],
        [...selection.values()].filter((picked) => picked.step === step && lockerKey(picked.ebox) === key).map((picked) => picked.id),
      );
      return;
    }
    setSelectingAll(true);
    try {
      const all = await fetchAllStepRows(step, lockerFilter);
      onPick(all.filter((row) => isSelectable(row) && lockerKey(row.ebox) === key).map(pickedOf), []);
    } catch (error) {
      handleError(error);
    } finally {
      setSelectingAll(false);
    }
  };

  const columns: TableColumnsType<StepRow> = [
    {
      key: 'trackingCode',
      title: t('packingPage.columns.trackingCode'),
      render: (_, row) => (
        // A phone has no room for the size's column: it follows the code.
        <TrackingCodeCell code={row.trackingCode} phoneLine={`${t('packingPage.columns.size')}: ${row.compartimentSize ?? '—'}`}>
          {row.hasChange && <ChangedTag hint={t('packingPage.hasChangeHint')} />}
          {refused.has(row.id) && (
            <Tooltip title={refused.get(row.id)}>
              <Tag
                color="error"
                tabIndex={0}
                aria-label={`${t('packingPage.refused')}: ${refused.get(row.id)}`}
                data-testid="packing-refused"
              >
                {t('packingPage.refused')}
              </Tag>
            </Tooltip>
          )}
        </TrackingCodeCell>
      ),
    },
    { key: 'customer', title: t('packingPage.columns.customer'), responsive: ['md'], render: (_, row) => row.customerName ?? '' },
    { key: 'size', title: t('packingPage.columns.size'), width: 80, responsive: ['sm'], render: (_, row) => row.compartimentSize ?? '—' },
    step === 'delivery'
      ? {
          key: 'target',
          title: t('packingPage.columns.target'),
          render: (_, row) =>
            row.target ? (
              <span data-testid="packing-target">{row.target.number}</span>
            ) : (
              <Typography.Text type="danger" data-testid="packing-not-fitting">
                {row.notFitting}
              </Typography.Text>
            ),
        }
      : { key: 'compartment', title: t('packingPage.columns.compartment'), width: 130, render: (_, row) => row.compartimentNumber ?? '—' },
  ];

  const counts: ReactNode = (
    <Space size={4} wrap>
      <Tag>{t('packingPage.locker.orders', { count: locker.count })}</Tag>
      {locker.notFitting > 0 && (
        <Tag color="error" data-testid="packing-locker-not-fitting">
          {t('packingPage.locker.notFitting', { count: locker.notFitting })}
        </Tag>
      )}
      {selectedHere > 0 && <Typography.Text type="secondary">{t('packingPage.locker.selected', { count: selectedHere })}</Typography.Text>}
    </Space>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="packing-locker"
      data-testid="packing-locker"
      data-locker={locker.ebox?.code ?? ''}
      style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', padding: '8px 0' }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
          <Button
            type="text"
            icon={open ? <CaretDownOutlined /> : <CaretRightOutlined />}
            aria-expanded={open}
            aria-label={t('packingPage.locker.show', { locker: name })}
            onClick={() => setOpen((value) => !value)}
            data-testid="packing-locker-toggle"
          />
          <Typography.Title level={3} id={headingId} style={{ margin: 0, fontSize: 15 }}>
            {name}
          </Typography.Title>
        </div>
        {counts}
        <span style={{ flex: 1 }} />
        {locker.fits > 0 && (
          <Checkbox
            checked={selectedHere > 0 && selectedHere >= locker.fits}
            indeterminate={selectedHere > 0 && selectedHere < locker.fits}
            disabled={selectingAll}
            onChange={(event) => void selectAll(event.target.checked)}
            data-testid="packing-locker-select-all"
          >
            {t('packingPage.locker.selectAll', { locker: locker.ebox?.code ?? name, count: locker.fits })}
          </Checkbox>
        )}
      </div>
      {open && (
        <Table<StepRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={rows.isFetching}
          style={{ marginTop: 8 }}
          rowClassName={(row) => (isSelectable(row) ? '' : 'packing-row-unfit')}
          onRow={(row) => ({ 'data-testid': 'packing-step-row', 'data-code': row.trackingCode }) as HTMLAttributes<HTMLElement>}
          rowSelection={{
            selectedRowKeys: shown.filter((row) => selection.has(row.id)).map((row) => row.id),
            getCheckboxProps: (row) => ({
              disabled: !isSelectable(row),
              'aria-label': t('packingPage.selectRow', { code: row.trackingCode }),
            }),
            getTitleCheckboxProps: () => ({ 'aria-label': t('kit.list.selectAll') }),
            onChange: (keys) => {
              const kept = new Set(keys.map(String));
              const selectable = shown.filter(isSelectable);
              onPick(
                selectable.filter((row) => kept.has(row.id)).map(pickedOf),
                selectable.filter((row) => !kept.has(row.id)).map((row) => row.id),
              );
            },
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: count,
            onChange: setPage,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          locale={{ emptyText: rows.isPending ? ' ' : t('packingPage.emptyFiltered') }}
        />
      )}
    </section>
  );
}

export type StepListProps = {
  step: PackingStep;
  lockers: StepLockers;
  filter: StepFilter;
  selection: Selection;
  refused: ReadonlyMap<string, string>;
  onPick: (add: Picked[], remove: string[]) => void;
  filtered: boolean;
  stepTotal: number;
};

/** A step of the new packing: its lockers, in the run's order, each with its rows. */
export function PackingStepList({ step, lockers, filter, selection, refused, onPick, filtered, stepTotal }: StepListProps) {
  const { t } = useTranslation();
  if (!lockers.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filtered ? t('packingPage.emptyFiltered') : t('packingPage.emptyStep')}
        data-testid="packing-step-empty"
      />
    );
  return (
    <div data-testid={`packing-step-${step}`}>
      {lockers.map((locker, index) => (
        <LockerSection
          key={`${lockerKey(locker.ebox)}|${JSON.stringify(filter)}`}
          step={step}
          locker={locker}
          filter={filter}
          selection={selection}
          refused={refused}
          onPick={onPick}
          defaultOpen={index < OPEN_AT_START}
          stepTotal={stepTotal}
        />
      ))}
    </div>
  );
}
