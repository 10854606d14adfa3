import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  COMPARTIMENT_STATUSES,
  DECLARED_ENTITIES,
  DEFAULT_RELAY_CHANNELS,
  describeMisconfiguration,
  EBOX_MISCONFIGURED_STATUSES,
  type EntityDeclaration,
} from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { EntityList } from '../../kit/list/entity-list';
import { useLocalListState } from '../../kit/list/list-state';
import { useRouteEntity } from '../../kit/route-entity';
import { screenPathsOf } from '../../kit/screens';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { EnrolmentButtons } from './enrolment-buttons';
import { LockerFace } from './locker-face';
import { EboxStatusTag, useLockerLive } from './locker-live';
import { TerminalCommands } from './terminal-commands';

const compartiment = DECLARED_ENTITIES.compartiment;

type Metrics = { compartiments: unknown[]; orders: unknown[]; statusCompartiments: Record<string, number> };

/** GET /ebox/metrics?eboxId: the locker's compartments by status and the live orders the user may read. */
function LockerMetrics({ eboxId }: { eboxId: string }) {
  const { t } = useTranslation();
  const metrics = useQuery({
    queryKey: [...entityKeys.all('compartiment'), 'metrics', eboxId],
    queryFn: () => api.get<Metrics>('/ebox/metrics', { eboxId }),
  });
  const counts = metrics.data?.statusCompartiments ?? {};
  return (
    <Card title={t('entities.ebox.metrics.title')} loading={metrics.isPending} data-testid="ebox-metrics">
      <Space size="large" wrap>
        <Statistic title={t('entities.ebox.metrics.compartiments')} value={metrics.data?.compartiments.length ?? 0} />
        {COMPARTIMENT_STATUSES.map((status) => (
          <Statistic key={status} title={enumLabel(t, compartiment, 'status', status)} value={counts[status] ?? 0} />
        ))}
        <Statistic title={t('entities.ebox.metrics.orders')} value={metrics.data?.orders.length ?? 0} />
      </Space>
    </Card>
  );
}

/**
 * The warning of spec 5.5 before POST /ebox/generateCompartiments: every compartment of the locker
 * is deleted and created again from its modules.
 */
function GenerateButton({ locker }: { locker: EntityRecord }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();
  const confirm = () =>
    modal.confirm({
      title: t('entities.ebox.generate.title'),
      content: t('entities.ebox.generate.warning'),
      okText: t('entities.ebox.generate.confirm'),
      okButtonProps: { danger: true, ...tagForTests('confirm-generate') },
      cancelText: t('kit.actions.cancel'),
      onOk: async () => {
        try {
          const answer = await api.post<{ count: number }>('/ebox/generateCompartiments', { data: { ebox: locker.id } });
          message.success(t('entities.ebox.generate.success', { count: answer.count }));
          await queryClient.invalidateQueries({ queryKey: entityKeys.all('compartiment') });
          await queryClient.invalidateQueries({ queryKey: entityKeys.all('ebox') });
        } catch (error) {
          handleError(error);
        }
      },
    });
  return (
    <Button icon={<ThunderboltOutlined />} onClick={confirm} data-testid="ebox-generate">
      {t('entities.ebox.generate.action')}
    </Button>
  );
}

/** The locker's compartments (GET /compartiment?filter[ebox]=id), created at /ebox/compartiment/new/:idEbox. */
function LockerCompartments({ locker, entity }: { locker: EntityRecord; entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listState = useLocalListState(25);
  return (
    <EntityList
      entity={compartiment}
      title={t('entities.ebox.compartiments')}
      headingLevel={2}
      listState={listState}
      fixedFilter={{ ebox: { id: locker.id, label: String(locker[entity.labelField] ?? locker.id) } }}
      onCreate={() => navigate(screenPathsOf(compartiment).create(locker.id))}
      testId="ebox-compartiment-list"
    />
  );
}

/**
 * A locker whose terminal refused its relay mapping (or the console found it wrong and did not send
 * it): the console refuses its doors, so the page says so first, with the terminal's reason.
 */
function MisconfiguredBanner({ locker }: { locker: EntityRecord }) {
  const { t } = useTranslation();
  const status = locker.configStatus as string | null | undefined;
  if (!(EBOX_MISCONFIGURED_STATUSES as readonly unknown[]).includes(status)) return null;
  const translate = (key: string, params?: Record<string, unknown>) => t(key, params);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="ebox-misconfigured"
      title={t('lockerLive.config.title')}
      description={
        <>
          <div>{describeMisconfiguration(translate, status, locker.configError as string | null)}</div>
          <div>{t('lockerLive.config.help', { channels: (locker.relayChannels as number | null) ?? DEFAULT_RELAY_CHANNELS })}</div>
        </>
      }
    />
  );
}

/** The live part of the locker's page: terminal commands, the face and the metrics, kept true by GET /live. */
function LockerLiveSections({ locker }: { locker: EntityRecord }) {
  const live = useLockerLive(locker);
  // Its own stack: a fragment would be one item of the page's Space, its cards without gaps.
  return (
    <Flex vertical gap={16}>
      <TerminalCommands locker={locker} extra={<EboxStatusTag status={locker.status} lastHeartBeat={locker.lastHeartBeat} />} />
      <LockerFace locker={locker} live={live} />
      <LockerMetrics eboxId={locker.id} />
    </Flex>
  );
}

/** /ebox/:id: the locker, its face, commands, metrics and compartments, clone and compartment generation. */
export function EboxViewPage() {
  const entity = useRouteEntity();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  return (
    <EntityViewPage
      entity={entity}
      header={(record) => (
        // The banner first: a locker whose doors the console will not drive says so before anything else.
        <Flex vertical gap={12}>
          <MisconfiguredBanner locker={record} />
          {(can('eboxCreate') || can('eboxEdit')) && (
            <Space wrap>
              {can('eboxCreate') && (
                <Button icon={<CopyOutlined />} onClick={() => navigate(`/ebox/${record.id}/clone`)} data-testid="ebox-clone">
                  {t('entities.ebox.clone.action')}
                </Button>
              )}
              {can('eboxEdit') && <GenerateButton locker={record} />}
              {can('eboxEdit') && <EnrolmentButtons locker={record} />}
            </Space>
          )}
        </Flex>
      )}
    >
      {(record) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <LockerLiveSections locker={record} />
          <LockerCompartments locker={record} entity={entity} />
        </Space>
      )}
    </EntityViewPage>
  );
}
