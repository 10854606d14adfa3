import { CheckCircleOutlined, EditOutlined, MailOutlined, StopOutlined } from '@ant-design/icons';
import { displayNameOf, type Field } from '@ebox/domain';
import { userEntity } from '@ebox/domain/entities/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Grid, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { PageTitle } from '../../app/page-title';
import { tagForTests } from '../../app/tag-for-tests';
import { entityKeys } from '../../kit/entity-api';
import { fieldLabel, SYSTEM_FIELDS } from '../../kit/entity-labels';
import { FieldDisplay } from '../../kit/fields/field-display';
import { useFindFailure } from '../../kit/navigation';
import { RecordTabs } from '../../kit/view/record-tabs';
import { type IamUser, iamEndpoints, resendInvitation, setUsersDisabled } from './iam-api';

const SHOWN = [
  'email',
  'username',
  'fullName',
  'firstName',
  'lastName',
  'phoneNumber',
  'roles',
  'company',
  'allowedCompanies',
  'authenticationUid',
  'useTemporaryToken',
  'status',
  'emailVerified',
  'avatars',
] as const;

/**
 * /iam/:id (spec 4.5): the user, with a button that says what it does to their access (PUT
 * /iam/status; disabling asks first) and, while their invitation is pending, one that sends it again.
 */
export default function IamViewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const { can, user: me, refresh } = useCurrentUser();
  const handleError = useErrorHandler();
  const onFindFailure = useFindFailure(userEntity);
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState(false);
  const [resending, setResending] = useState(false);
  const wide = Grid.useBreakpoint().md !== false;
  const record = useQuery({ queryKey: entityKeys.find(userEntity.name, id), queryFn: () => iamEndpoints.find(id) as Promise<IamUser> });

  useEffect(() => {
    if (record.error) onFindFailure(record.error);
  }, [record.error, onFindFailure]);

  const user = record.data;
  const name = user ? displayNameOf(user) : '';

  const toggle = async (disabled: boolean) => {
    setToggling(true);
    try {
      await setUsersDisabled([id], disabled);
      message.success(t(disabled ? 'iam.access.disabledNow' : 'iam.access.enabledNow', { name }));
      if (me?.id === id) await refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setToggling(false);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(userEntity.name) });
    }
  };

  const confirmDisable = () =>
    modal.confirm({
      title: t('iam.access.disableTitle', { name }),
      content: t('iam.access.disableConfirm', { name }),
      okText: t('iam.access.disable'),
      okButtonProps: { danger: true, ...tagForTests('confirm-disable') },
      cancelText: t('kit.actions.cancel'),
      onOk: () => toggle(true),
    });

  const resend = async () => {
    if (!user) return;
    setResending(true);
    try {
      await resendInvitation(id);
      message.success(t('iam.invitation.resent', { email: user.email }));
    } catch (error) {
      handleError(error);
    } finally {
      setResending(false);
    }
  };

  const entries: [string, Field][] = [
    ...SHOWN.map((name): [string, Field] => [name, userEntity.fields[name]]),
    ['createdAt', SYSTEM_FIELDS.createdAt],
  ];
  // On a phone the actions take the card's whole header and hide its title: they go above the details.
  const actions = user && (
    <Space wrap>
      {user.status === 'invited' && can('iamCreate') && (
        <Button icon={<MailOutlined />} loading={resending} onClick={resend} data-testid="iam-resend-invitation">
          {t('iam.invitation.resend')}
        </Button>
      )}
      {can('iamEdit') &&
        (user.disabled ? (
          <Button icon={<CheckCircleOutlined />} loading={toggling} onClick={() => toggle(false)} data-testid="iam-access-toggle">
            {t('iam.access.enable')}
          </Button>
        ) : (
          <Button danger icon={<StopOutlined />} loading={toggling} onClick={confirmDisable} data-testid="iam-access-toggle">
            {t('iam.access.disable')}
          </Button>
        ))}
      {can('iamEdit') && (
        <Button icon={<EditOutlined />} onClick={() => navigate(`/iam/${id}/edit`)} data-testid="view-edit">
          {t('kit.actions.edit')}
        </Button>
      )}
      <Button onClick={() => navigate('/iam')}>{t('kit.actions.back')}</Button>
    </Space>
  );
  return (
    <Card
      title={<PageTitle title={user ? `${t('iam.view.title')}: ${user.email}` : t('iam.view.title')} />}
      data-testid="iam-view-page"
      extra={wide ? actions : undefined}
    >
      {!user ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <>
          {!wide && <div style={{ marginBottom: 16 }}>{actions}</div>}
          {user.status === 'invited' && (
            <Alert
              type="info"
              showIcon
              title={t('iam.invitation.pendingHint')}
              style={{ marginBottom: 16 }}
              data-testid="iam-invitation-pending"
            />
          )}
          <RecordTabs entityName="user" id={user.id}>
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, sm: 1, md: 2 }}
              styles={{ label: { whiteSpace: 'nowrap' } }}
              items={entries.map(([name, field]) => ({
                key: name,
                label: fieldLabel(t, userEntity, name),
                children: <FieldDisplay entity={userEntity} path={name} field={field} value={user[name]} />,
              }))}
            />
          </RecordTabs>
        </>
      )}
    </Card>
  );
}
