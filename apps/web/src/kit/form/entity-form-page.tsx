import { ENTITIES, type EntityDeclaration, hasId, isPlainObject, type RelationRef } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../app/page-title';
import { type EntityRecord, endpointsOf, entityKeys } from '../entity-api';
import { entityLabel, recordLabel } from '../entity-labels';
import { useEntityNavigation, useFindFailure } from '../navigation';
import { useRouteEntity } from '../route-entity';
import { nestedScreenOf } from '../screens';
import { EntityForm, type FormFieldInputs } from './entity-form';

export type EntityFormPageProps = {
  /** Defaults to the route's entity. */
  entity?: EntityDeclaration;
  inputs?: FormFieldInputs;
  /** A stored record the caller may not change opens as its view page instead (a link typed by hand). */
  isEditable?: (record: EntityRecord) => boolean;
  /** Runs with the create's answer before the page leaves (a webhook's signing secret, shown once). */
  afterCreate?: (answer: EntityRecord) => Promise<void>;
  /** Sends a new record (POST /{path} by default): a page wraps it to act on a refusal too (an inbound's rows re-checked). */
  create?: (data: Record<string, unknown>) => Promise<unknown>;
};

/** The parent of a nested create screen (/eboxModule/eboxModuleCompartiment/new/:idModule), with its label. */
function useLockedParent(
  entity: EntityDeclaration,
  parentId: string | undefined,
): { locked: Record<string, RelationRef>; isLoading: boolean } {
  const nested = nestedScreenOf(entity);
  const parent = nested ? ENTITIES[nested.parentEntity] : undefined;
  const query = useQuery({
    queryKey: parent && parentId ? entityKeys.find(parent.name, parentId) : ['none'],
    queryFn: () => (parent && parentId ? endpointsOf(parent).find(parentId) : Promise.reject(new Error('no parent to load'))),
    enabled: Boolean(parent && parentId),
    retry: false,
  });
  const locked = useMemo(() => {
    if (!nested || !parentId) return {};
    const label = parent && query.data ? recordLabel(parent, query.data) : parentId;
    return { [nested.parentField]: { id: parentId, label } };
  }, [nested, parent, parentId, query.data]);
  return { locked, isLoading: Boolean(parent && parentId) && query.isPending };
}

/** /{entity}/new and /{entity}/:id/edit for any declaration (spec 2.6, 2.7). */
export function EntityFormPage(props: EntityFormPageProps) {
  const entity = useRouteEntity(props.entity);
  // Every entity shares this page component: a new entity is a new page, not a re-used one.
  return <EntityFormScreen key={entity.name} {...props} entity={entity} />;
}

function EntityFormScreen({ entity, inputs, isEditable, afterCreate, create }: EntityFormPageProps & { entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigation = useEntityNavigation(entity);
  const onFindFailure = useFindFailure(entity);
  const endpoints = useMemo(() => endpointsOf(entity), [entity]);
  const nested = nestedScreenOf(entity);
  const id = params.id;
  const parentId = nested ? params[nested.param] : undefined;
  const { locked, isLoading: parentLoading } = useLockedParent(entity, parentId);

  const record = useQuery({
    queryKey: entityKeys.find(entity.name, id ?? ''),
    queryFn: () => (id ? endpoints.find(id) : Promise.reject(new Error('no record to load'))),
    enabled: Boolean(id),
    retry: false,
  });

  useEffect(() => {
    if (record.error) onFindFailure(record.error);
  }, [record.error, onFindFailure]);

  const readOnly = Boolean(record.data && isEditable && !isEditable(record.data));
  useEffect(() => {
    if (readOnly && id) navigate(navigation.paths.view(id), { replace: true });
  }, [readOnly, id, navigate, navigation.paths]);

  const title = t(id ? 'kit.form.editTitle' : 'kit.form.newTitle', { entity: entityLabel(t, entity) });
  const isLoading = (Boolean(id) && record.isPending) || parentLoading;

  const submit = async (data: Record<string, unknown>) => {
    if (id) {
      await endpoints.update(id, data);
      message.success(t(`entities.${entity.name}.update.success`));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
      navigation.afterUpdate(id, record.data, params.idOrder);
    } else {
      const answer = await (create ?? endpoints.create)(data);
      const created = isPlainObject(answer) && hasId(answer) ? answer : undefined;
      message.success(t(`entities.${entity.name}.create.success`));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
      if (created && afterCreate) await afterCreate(created as EntityRecord);
      navigation.afterCreate(created ?? data, parentId);
    }
  };

  return (
    <Card title={<PageTitle title={title} />} data-testid={`${entity.name}-form-page`}>
      {isLoading || (id && !record.data) || readOnly ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <EntityForm
          key={id ?? 'new'}
          entity={entity}
          mode={id ? 'update' : 'create'}
          record={record.data}
          locked={locked}
          inputs={inputs}
          onSubmit={submit}
          onCancel={() => navigation.back(record.data, parentId)}
        />
      )}
    </Card>
  );
}
