import { DECLARED_ENTITIES, describeConfigError, EBOX_MISCONFIGURED_STATUSES, type LiveEvent } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import { formatDateTime } from '../../app/format';
import { type LiveMessage, useLiveConnected, useLiveEvents } from '../../app/live-events';
import { type EntityRecord, entityKeys, type ListResult } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { type LiveDoors, mergeDoorReport } from './door-state';
import { doorsKey, faceKey } from './locker-face';
import { patchLockerStatus } from './locker-online';
import './messages';

const ebox = DECLARED_ENTITIES.ebox;

/** A locker's online/offline tag: green with a dot, or grey with a ring (the word is there too). */
export function EboxStatusTag({ status, lastHeartBeat }: { status: unknown; lastHeartBeat?: unknown }) {
  const { t } = useTranslation();
  const online = status === 'online';
  return (
    <Tag
      color={online ? 'success' : 'default'}
      data-testid="ebox-status"
      data-status={online ? 'online' : 'offline'}
      title={lastHeartBeat ? formatDateTime(String(lastHeartBeat)) : undefined}
    >
      {online ? '● ' : '○ '}
      {enumLabel(t, ebox, 'status', online ? 'online' : 'offline')}
    </Tag>
  );
}

/** The relay mapping's state (ebox.configStatus): red when the console will not drive the locker's doors. */
export function EboxConfigTag({ status, error }: { status: unknown; error?: unknown }) {
  const { t } = useTranslation();
  if (!status) return null;
  const misconfigured = (EBOX_MISCONFIGURED_STATUSES as readonly unknown[]).includes(status);
  const color = misconfigured ? 'error' : status === 'applied' ? 'success' : 'default';
  return (
    <Tag
      color={color}
      data-testid="ebox-config-status"
      data-status={String(status)}
      title={misconfigured ? describeConfigError((key, params) => t(key, params), String(status), error ? String(error) : null) : undefined}
    >
      {enumLabel(t, ebox, 'configStatus', String(status))}
    </Tag>
  );
}

function patchRows(data: ListResult | undefined, id: string, patch: Record<string, unknown>): ListResult | undefined {
  if (!data) return data;
  return { ...data, rows: data.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) };
}

/**
 * Keeps the locker's page true to the pushed events (GET /live): the face changes at once from the
 * event, then its queries reload; the locker going offline or online and a door opening or closing
 * are said in the live region. After each (re)connection everything is read again, since events may
 * have been missed in between. Answers whether the push connection is up.
 */
export function useLockerLive(locker: EntityRecord): boolean {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useLiveConnected(setConnected);
  const name = String(locker.name ?? locker.code ?? '');

  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready') {
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('compartiment') });
      void queryClient.invalidateQueries({ queryKey: entityKeys.find('ebox', locker.id) });
      return;
    }
    const event = message as LiveEvent;
    if (
      event.name === 'orderMessage.statusChanged' ||
      event.name === 'terminalUiRelease.changed' ||
      event.name === 'botMessage.changed' ||
      event.payload.eboxId !== locker.id
    )
      return;
    if (event.name === 'ebox.statusChanged') {
      announce(t(event.payload.status === 'online' ? 'lockerLive.announce.online' : 'lockerLive.announce.offline', { name }));
      patchLockerStatus(queryClient, locker.id, event.payload.status);
      return;
    }
    if (event.name === 'ebox.configChanged') {
      const { configStatus, configError } = event.payload;
      queryClient.setQueryData<EntityRecord>(entityKeys.find('ebox', locker.id), (old) =>
        old ? { ...old, configStatus, configError } : old,
      );
      void queryClient.invalidateQueries({ queryKey: entityKeys.find('ebox', locker.id) });
      return;
    }
    if (event.name === 'compartiment.doorEvent') {
      const open = event.payload.event !== 'door_closed';
      announce(t(open ? 'lockerLive.announce.doorOpened' : 'lockerLive.announce.doorClosed', { number: event.payload.number }));
      const { compartimentId, at } = event.payload;
      queryClient.setQueryData<LiveDoors>(doorsKey(locker.id), (old) => mergeDoorReport(old, compartimentId, { open, at }));
    } else if (event.name === 'compartiment.statusChanged') {
      queryClient.setQueryData<ListResult>(faceKey(locker.id), (old) =>
        patchRows(old, event.payload.compartimentId, { status: event.payload.status }),
      );
    }
    // order.statusChanged: a deposit, pickup or cancel moved the compartment's status with the order's; read it again.
    void queryClient.invalidateQueries({ queryKey: entityKeys.all('compartiment') });
    void queryClient.invalidateQueries({ queryKey: entityKeys.all('auditLog') });
  });
  return connected;
}
