import { DECLARED_ENTITIES } from '@ebox/domain';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/current-user';
import { formatDateTime } from '../../app/format';
import { RecordHistory } from '../../kit/audit/record-history';
import type { EntityRecord } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { useCompartmentCommand } from './compartment-command';
import { STATUS_LOOKS, statusOf } from './compartment-look';
import './messages';

const compartiment = DECLARED_ENTITIES.compartiment;

/**
 * A compartment of the locker's face: its state, open (GET /compartiment/open/{id}), lock and release
 * (PUT /compartiment/lock/{id}), each after a confirmation and each with the API's own words for the
 * outcome, and its history (the audit log: door events, status changes, commands).
 */
export function CompartmentDrawer({ compartment, onClose }: { compartment: EntityRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { can } = useCurrentUser();
  const { busy, confirm } = useCompartmentCommand(compartment);
  const number = compartment?.number;
  const status = statusOf(compartment?.status);
  const doorOpen = compartment?.doorOpen === true;

  return (
    <Drawer
      open={Boolean(compartment)}
      onClose={onClose}
      title={compartment ? t('lockerLive.compartment.title', { number }) : ''}
      size="default"
      destroyOnHidden
      data-testid="compartment-drawer"
    >
      {compartment && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'status',
                label: t('lockerLive.compartment.status'),
                children: (
                  <span data-testid="compartment-status">
                    {STATUS_LOOKS[status].mark} {enumLabel(t, compartiment, 'status', status)}
                  </span>
                ),
              },
              {
                key: 'door',
                label: t('lockerLive.compartment.door'),
                children: (
                  <span data-testid="compartment-door">
                    {doorOpen ? t('lockerLive.compartment.doorOpen') : t('lockerLive.compartment.doorClosed')}
                  </span>
                ),
              },
              ...(compartment.doorChangedAt
                ? [
                    {
                      key: 'changed',
                      label: t('lockerLive.compartment.doorChangedAt'),
                      children: formatDateTime(String(compartment.doorChangedAt)),
                    },
                  ]
                : []),
              { key: 'size', label: t('lockerLive.compartment.size'), children: String(compartment.size ?? '') },
              {
                key: 'wiring',
                label: t('lockerLive.compartment.wiring'),
                children: t('lockerLive.compartment.wiringValue', { board: compartment.boardNumber, channel: compartment.comNumber }),
              },
            ]}
          />
          <Flex wrap gap={8}>
            {can('compartimentOpen') && (
              <Button
                type="primary"
                loading={busy === 'open'}
                disabled={Boolean(busy)}
                onClick={() => confirm('open')}
                data-testid="compartment-open"
              >
                {t('lockerLive.compartment.open')}
              </Button>
            )}
            {can('compartimentLock') && status !== 'DAMAGE' && (
              <Button
                danger
                loading={busy === 'lock'}
                disabled={Boolean(busy)}
                onClick={() => confirm('lock')}
                data-testid="compartment-lock"
              >
                {t('lockerLive.compartment.lock')}
              </Button>
            )}
            {can('compartimentLock') && status === 'DAMAGE' && (
              <Button
                loading={busy === 'release'}
                disabled={Boolean(busy)}
                onClick={() => confirm('release')}
                data-testid="compartment-release"
              >
                {t('lockerLive.compartment.release')}
              </Button>
            )}
          </Flex>
          {can('auditLogRead') && (
            <section aria-labelledby="compartment-history-title">
              <Typography.Title level={3} id="compartment-history-title" style={{ fontSize: 16 }}>
                {t('lockerLive.compartment.history')}
              </Typography.Title>
              <RecordHistory entityName="compartiment" id={compartment.id} />
            </section>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
