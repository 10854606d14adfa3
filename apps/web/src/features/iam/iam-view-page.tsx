import { EditOutlined } from '@ant-design/icons';
import type { Field } from '@ebox/domain';
import { userEntity } from '@ebox/domain/entities/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Spin, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../app/current-user';
import { useErrorHandler } from '../../app/error-handler';
import { entityKeys } from '../../kit/entity-api';
import { fieldLabel, SYSTEM_FIELDS } from '../../kit/entity-labels';
import { FieldDisplay } from '../../kit/fields/field-display';
import { useFindFailure } from '../../kit/navigation';
import { type IamUser, iamEndpoints, setUsersDisabled } from './iam-api';

const SHOWN = [
  'email',
  'fullName',
  'firstName',
  'lastName',
  'phoneNumber',
  'roles',
  'allowedCompanies',
  'status',
  'emailVerified',
  'avatars',
] as const;

/** /iam/:id (spec 4.5): the user, with a switch of the disabled flag (PUT /iam/status). */
export default function IamViewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { can, user: me, refresh } = useCurrentUser();
  const handleError = useErrorHandler();
  const onFindFailure = useFindFailure(userEntity);
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState(false);
  const record = useQuery({ queryKey: entityKeys.find(userEntity.name, id), queryFn: () => iamEndpoints.find(id) as Promise<IamUser> });

  useEffect(() => {
    if (record.error) onFindFailure(record.error);
  }, [record.error, onFindFailure]);

  const toggle = async (disabled: boolean) => {
    setToggling(true);
    try {
      await setUsersDisabled([id], disabled);
      message.success(t(disabled ? 'iam.view.disabledNow' : 'iam.view.enabledNow'));
      if (me?.id === id) await refresh();
    } catch (error) {
      handleError(error);
    } finally {
      setToggling(false);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(userEntity.name) });
    }
  };

  const user = record.data;
  const entries: [string, Field][] = [
    ...SHOWN.map((name): [string, Field] => [name, userEntity.fields[name]]),
    ['createdAt', SYSTEM_FIELDS.createdAt],
  ];
  return (
    <Card
      title={user ? `${t('iam.view.title')}: ${user.email}` : t('iam.view.title')}
      data-testid="iam-view-page"
      extra={
        user && (
          <Space wrap>
            {can('iamEdit') && (
              <Space>
                <label htmlFor="iam-disabled">{t('iam.view.disabledSwitch')}</label>
                <Switch id="iam-disabled" checked={user.disabled} loading={toggling} onChange={toggle} data-testid="iam-disabled-toggle" />
              </Space>
            )}
            {can('iamEdit') && (
              <Button icon={<EditOutlined />} onClick={() => navigate(`/iam/${id}/edit`)} data-testid="view-edit">
                {t('kit.actions.edit')}
              </Button>
            )}
            <Button onClick={() => navigate('/iam')}>{t('kit.actions.back')}</Button>
          </Space>
        )
      }
    >
      {!user ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
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
      )}
    </Card>
  );
}
