import { DECLARED_ENTITIES } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../app/api-client';
import { PageTitle } from '../../app/page-title';
import { endpointsOf, entityKeys } from '../../kit/entity-api';
import { EntityForm } from '../../kit/form/entity-form';
import { useEntityNavigation, useFindFailure } from '../../kit/navigation';
import { EBOX_INPUTS } from './ebox-form-page';

const ebox = DECLARED_ENTITIES.ebox;

/**
 * /ebox/:id/clone (spec 2.6): a new locker's form filled from this one; saving sends
 * PUT /ebox/clone/{id} {data}, which also copies the locker's compartments. The code and the
 * terminal id are the new locker's own, so they start empty.
 */
export default function EboxClonePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigation = useEntityNavigation(ebox);
  const onFindFailure = useFindFailure(ebox);
  const source = useQuery({ queryKey: entityKeys.find('ebox', id), queryFn: () => endpointsOf(ebox).find(id), retry: false });

  useEffect(() => {
    if (source.error) onFindFailure(source.error);
  }, [source.error, onFindFailure]);

  const prefilled = useMemo(
    () => (source.data ? { ...source.data, code: null, terminalId: null, name: `${String(source.data.name ?? '')} (2)` } : undefined),
    [source.data],
  );

  const submit = async (data: Record<string, unknown>) => {
    const created = await api.put<{ id: string }>(`/ebox/clone/${id}`, { data });
    message.success(t('entities.ebox.create.success'));
    await queryClient.invalidateQueries({ queryKey: entityKeys.all('ebox') });
    navigation.afterCreate(created);
  };

  return (
    <Card title={<PageTitle title={t('entities.ebox.clone.title')} />} data-testid="ebox-clone-page">
      {!prefilled ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <EntityForm
          entity={ebox}
          mode="create"
          record={prefilled}
          inputs={EBOX_INPUTS}
          onSubmit={submit}
          onCancel={() => navigation.back(source.data)}
        />
      )}
    </Card>
  );
}
