import type { EntityDeclaration } from '@ebox/domain';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { endpointsOf } from '../../kit/entity-api';
import { EntityFormPage } from '../../kit/form/entity-form-page';
import { useRouteEntity } from '../../kit/route-entity';
import { UiBuildUpload, UploadedKeysContext } from './ui-build-upload';

/**
 * /terminalUiVersion/new and /:id/edit (spec 7.4): a new version's form has the build's upload (its
 * `file`, required) and registers it with the storage key the upload answered; an edit shows and
 * sends only identification, description and company (the build stays).
 */
export function TerminalUiVersionFormPage() {
  const routeEntity = useRouteEntity();
  const { id } = useParams();
  const [keys] = useState(() => new Map<string, string>());
  const entity = useMemo<EntityDeclaration>(() => {
    if (id) return routeEntity;
    const file = routeEntity.fields.file;
    if (!file) return routeEntity;
    return { ...routeEntity, fields: { ...routeEntity.fields, file: { ...file, hideInForm: false, required: true } } };
  }, [routeEntity, id]);
  const create = useMemo(() => {
    const endpoints = endpointsOf(entity);
    return (data: Record<string, unknown>) => endpoints.create({ ...data, keyS3: keys.get(String(data.file)) });
  }, [entity, keys]);
  return (
    <UploadedKeysContext.Provider value={keys}>
      <EntityFormPage entity={entity} inputs={{ file: UiBuildUpload }} create={create} />
    </UploadedKeysContext.Provider>
  );
}
