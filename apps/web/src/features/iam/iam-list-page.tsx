import { EllipsisOutlined } from '@ant-design/icons';
import { userEntity } from '@ebox/domain/entities/user';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EntityList } from '../../kit/list/entity-list';
import { type IamUser, iamEndpoints } from './iam-api';
import { RolesTree } from './roles-tree';
import { UserActions } from './user-actions';

/** /iam (spec 2.6, 2.8, issue 2 item 6): the users list, and the same users grouped by role. */
export default function IamListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'roles' ? 'roles' : 'users';
  return (
    <Tabs
      // antd's overflow button holds only an icon, read as "ellipsis" without this name.
      more={{ icon: <EllipsisOutlined aria-label={t('kit.moreTabs')} /> }}
      activeKey={view}
      onChange={(key) => setParams(key === 'roles' ? { view: 'roles' } : {}, { replace: true })}
      items={[
        {
          key: 'users',
          label: t('iam.list.byUser'),
          children: (
            <EntityList
              entity={userEntity}
              endpoints={iamEndpoints}
              title={t('iam.list.title')}
              testId="iam-list"
              bulkActions={({ selected, clear, refetch }) => (
                <UserActions
                  selected={selected as IamUser[]}
                  done={async () => {
                    clear();
                    await refetch();
                  }}
                />
              )}
            />
          ),
        },
        { key: 'roles', label: t('iam.list.byRole'), children: <RolesTree /> },
      ]}
    />
  );
}
