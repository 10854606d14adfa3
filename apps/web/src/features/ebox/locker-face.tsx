import { DECLARED_ENTITIES } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { type EntityRecord, entityKeys, type ListResult } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { CompartmentDrawer } from './compartment-drawer';
import { type CompartmentStatus, cellStyle, STATUS_LOOKS, statusOf } from './compartment-look';
import { doorOpenOf, type LiveDoors } from './door-state';
import './messages';

const compartiment = DECLARED_ENTITIES.compartiment;

/** The tallest column is drawn this high; every compartment keeps its layout's share of it. */
const FACE_HEIGHT = 340;
const MIN_CELL = 58;
const COLUMN_WIDTH = 104;

export const faceKey = (eboxId: string) => [...entityKeys.all('compartiment'), 'face', eboxId] as const;
/** The doors as the pushed events told them (door-state.ts). */
export const doorsKey = (eboxId: string) => ['live-doors', eboxId] as const;

/** GET /compartiment?filter[ebox]: every compartment of the locker with its door and status. */
export function useLockerCompartments(eboxId: string) {
  return useQuery({
    queryKey: faceKey(eboxId),
    queryFn: () => api.get<ListResult>('/compartiment', { filter: { ebox: eboxId }, orderBy: 'number_ASC', limit: 1000 }),
  });
}

/**
 * The modules left to right, each top to bottom. A compartment does not name its module, but the
 * wiring does: channels count in physical order, left to right and top to bottom, and each module's
 * positions start again at 1 (numberInColumn), so the physical order cut where a position starts
 * again gives the modules.
 */
export function columnsOf(rows: EntityRecord[]): EntityRecord[][] {
  const physical = [...rows].sort(
    (a, b) =>
      Number(a.boardNumber ?? 0) - Number(b.boardNumber ?? 0) ||
      Number(a.comNumber ?? 0) - Number(b.comNumber ?? 0) ||
      Number(a.number ?? 0) - Number(b.number ?? 0),
  );
  const columns: EntityRecord[][] = [];
  let current: EntityRecord[] = [];
  for (const row of physical) {
    if (!current.length || Number(row.numberInColumn ?? 1) === 1) {
      if (current.length) columns.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length) columns.push(current);
  for (const column of columns) column.sort((a, b) => Number(a.numberInColumn ?? 0) - Number(b.numberInColumn ?? 0));
  return columns;
}

function heightOf(row: EntityRecord): number {
  const value = Number(row.height);
  return Number.isFinite(value) && value > 0 ? value : 1;
}

export function StatusLegend() {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('lockerLive.face.legend')}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}
    >
      {(Object.keys(STATUS_LOOKS) as CompartmentStatus[]).map((status) => (
        <li key={status} style={{ ...cellStyle(status, false, true), borderRadius: 4, padding: '2px 8px', fontSize: 12 }}>
          {STATUS_LOOKS[status].mark} {enumLabel(t, compartiment, 'status', status)}
        </li>
      ))}
      <li style={{ ...cellStyle('AVAILABLE', true, true), borderRadius: 4, padding: '6px 12px', fontSize: 12 }}>
        {t('lockerLive.face.doorOpen')}
      </li>
    </ul>
  );
}

/** The locker's face: its modules side by side, each compartment to its layout's height, by status and door. */
export function LockerFace({ locker, live }: { locker: EntityRecord; live: boolean }) {
  const { t } = useTranslation();
  const compartments = useLockerCompartments(locker.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Only ever written by the pushed reports: never fetched, so no fetch can land over a report.
  const doors = useQuery<LiveDoors>({
    queryKey: doorsKey(locker.id),
    queryFn: () => ({}),
    initialData: {},
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
  const rows = (compartments.data?.rows ?? []).map((row) => ({ ...row, doorOpen: doorOpenOf(row, doors) }));
  const columns = columnsOf(rows);
  const tallest = Math.max(1, ...columns.map((column) => column.reduce((sum, row) => sum + heightOf(row), 0)));
  const scale = FACE_HEIGHT / tallest;
  const selected = rows.find((row) => row.id === selectedId) ?? null;
  return (
    <Card
      title={<h2 style={{ margin: 0, font: 'inherit' }}>{t('lockerLive.face.title')}</h2>}
      loading={compartments.isPending}
      data-testid="locker-face"
      extra={
        <Tag color={live ? 'green' : 'default'} data-testid="live-sign">
          {live ? t('lockerLive.live.on') : t('lockerLive.live.off')}
        </Tag>
      }
    >
      {rows.length === 0 ? (
        <Empty description={t('lockerLive.face.empty')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('lockerLive.face.hint')}</Typography.Text>
          <div style={{ overflowX: 'auto', paddingBottom: 4 }}>
            <div
              style={{
                display: 'inline-flex',
                gap: 6,
                padding: 8,
                background: '#434343',
                borderRadius: 8,
                alignItems: 'flex-start',
              }}
            >
              {columns.map((column, index) => (
                <ul
                  key={column[0]?.id ?? index}
                  aria-label={t('lockerLive.face.module', { n: index + 1 })}
                  style={{
                    listStyle: 'none',
                    margin: 0,
                    padding: 0,
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 4,
                    width: COLUMN_WIDTH,
                  }}
                  data-testid="locker-module"
                >
                  {column.map((row) => (
                    <li key={row.id}>
                      <CompartmentCell row={row} height={Math.max(MIN_CELL, heightOf(row) * scale)} onOpen={() => setSelectedId(row.id)} />
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          </div>
          <StatusLegend />
        </Flex>
      )}
      <CompartmentDrawer compartment={selected} lockerOnline={locker.status === 'online'} onClose={() => setSelectedId(null)} />
    </Card>
  );
}

function CompartmentCell({ row, height, onOpen }: { row: EntityRecord; height: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const status = statusOf(row.status);
  const doorOpen = row.doorOpen === true;
  const enabled = row.enable !== false;
  const statusText = enumLabel(t, compartiment, 'status', status);
  const label = [
    t('lockerLive.face.cell', { number: row.number, size: row.size ?? '', status: statusText }),
    doorOpen ? t('lockerLive.face.doorOpen') : null,
    enabled ? null : t('lockerLive.face.disabled'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    // Named by what it shows (number, status, door) plus the size for screen readers: a label of
    // other words than the visible ones would not match what a voice-control user says.
    <button
      type="button"
      onClick={onOpen}
      title={label}
      data-testid="locker-cell"
      data-number={String(row.number)}
      data-status={status}
      data-door={doorOpen ? 'open' : 'closed'}
      style={{
        ...cellStyle(status, doorOpen, enabled),
        width: '100%',
        height,
        borderRadius: 4,
        cursor: 'pointer',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0,
        padding: '2px 4px',
        font: 'inherit',
        lineHeight: 1.2,
        overflow: 'hidden',
      }}
    >
      <strong style={{ fontSize: 15 }}>{String(row.number)}</strong>
      {row.size ? <span className="visually-hidden">{`(${String(row.size)})`}</span> : null}
      <span style={{ fontSize: 11 }}>
        <span aria-hidden="true">{STATUS_LOOKS[status].mark}</span> {statusText}
      </span>
      {doorOpen && <strong style={{ fontSize: 11 }}>{t('lockerLive.face.doorOpen')}</strong>}
      {enabled ? null : <span className="visually-hidden">{t('lockerLive.face.disabled')}</span>}
    </button>
  );
}
