import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  DECLARED_ENTITIES,
  DEFAULT_RELAY_CHANNELS,
  describeMisconfiguration,
  EBOX_MISCONFIGURED_STATUSES,
  type EntityDeclaration,
} from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Grid, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { tagForTests } from '../../app/tag-for-tests';
import { type EntityRecord, entityKeys } from '../../kit/entity-api';
import { EntityList } from '../../kit/list/entity-list';
import { useLocalListState } from '../../kit/list/list-state';
import { useRouteEntity } from '../../kit/route-entity';
import { screenPathsOf } from '../../kit/screens';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { LockerSoftwareHistory } from '../terminal-software/locker-software-history';
import { EnrolmentButtons } from './enrolment-buttons';
import { LockerFace } from './locker-face';
import { useLockerLive } from './locker-live';
import { LockerOccupancy } from './locker-occupancy';
import { LockerOrders } from './locker-orders';
import { LockerState } from './locker-state';

const compartiment = DECLARED_ENTITIES.compartiment;

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
    <Button danger icon={<ThunderboltOutlined />} onClick={confirm} data-testid="ebox-generate">
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

/**
 * The live part of the locker's page, first under its title (docs/decisions.md "The locker page"):
 * its state and commands beside its face, its occupancy under the state, then its current orders;
 * kept true by GET /live. From 1200 px in two columns; narrower, one: state, face, occupancy, so that
 * the state, the commands and the face's top fit a phone's first screen.
 */
function LockerLiveSections({ locker }: { locker: EntityRecord }) {
  const live = useLockerLive(locker);
  const { can } = useCurrentUser();
  const wide = Grid.useBreakpoint().xl === true;
  const state = <LockerState locker={locker} />;
  const face = <LockerFace locker={locker} live={live} />;
  const occupancy = <LockerOccupancy eboxId={locker.id} />;
  return (
    <Flex vertical gap={16}>
      {wide ? (
        <Row gutter={16}>
          <Col span={10}>
            <Flex vertical gap={16}>
              {state}
              {occupancy}
            </Flex>
          </Col>
          <Col span={14}>{face}</Col>
        </Row>
      ) : (
        <>
          {state}
          {face}
          {occupancy}
        </>
      )}
      {can('orderRead') && <LockerOrders eboxId={locker.id} />}
      {can('terminalUiReleaseRead') && <LockerSoftwareHistory eboxId={locker.id} />}
    </Flex>
  );
}

/**
 * The locker's own actions above the page: the harmless ones (clone, enrolment token) first, the
 * ones that delete or undo (regenerate the compartments, disenrol the terminal) apart at the end,
 * red, each asking first.
 */
function LockerActions({ locker }: { locker: EntityRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  if (!can('eboxCreate') && !can('eboxEdit')) return null;
  return (
    <Flex wrap gap={8} justify="space-between" align="center">
      <Space wrap>
        {can('eboxCreate') && (
          <Button icon={<CopyOutlined />} onClick={() => navigate(`/ebox/${locker.id}/clone`)} data-testid="ebox-clone">
            {t('entities.ebox.clone.action')}
          </Button>
        )}
        {can('eboxEdit') && <EnrolmentButtons locker={locker} part="safe" />}
      </Space>
      {can('eboxEdit') && (
        <Space wrap role="group" aria-label={t('lockerLive.actions.destructive')} data-testid="ebox-destructive-actions">
          <GenerateButton locker={locker} />
          <EnrolmentButtons locker={locker} part="destructive" />
        </Space>
      )}
    </Flex>
  );
}

/** /ebox/:id: the locker's state, commands, face and orders first, then its record and compartments. */
export function EboxViewPage() {
  const entity = useRouteEntity();
  return (
    <EntityViewPage
      entity={entity}
      header={(record) => (
        // The banner first: a locker whose doors the console will not drive says so before anything else.
        <Flex vertical gap={12}>
          <MisconfiguredBanner locker={record} />
          <LockerActions locker={record} />
        </Flex>
      )}
      lead={(record) => <LockerLiveSections locker={record} />}
    >
      {(record) => <LockerCompartments locker={record} entity={entity} />}
    </EntityViewPage>
  );
}
