import { DECLARED_ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EntityRecord } from '../../kit/entity-api';
import { entityPluralLabel, recordLabel } from '../../kit/entity-labels';
import { EntityList } from '../../kit/list/entity-list';
import { useLocalListState } from '../../kit/list/list-state';
import { useRouteEntity } from '../../kit/route-entity';
import { screenPathsOf } from '../../kit/screens';
import { EntityViewPage } from '../../kit/view/entity-view-page';

const compartiment = DECLARED_ENTITIES.eboxModuleCompartiment;

/** A module's compartments (GET /eboxModuleCompartiment?filter[eboxModule]=id), created at /eboxModule/eboxModuleCompartiment/new/:idModule. */
function ModuleCompartments({ module, entity }: { module: EntityRecord; entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listState = useLocalListState(25);
  return (
    <EntityList
      headingLevel={2}
      entity={compartiment}
      title={entityPluralLabel(t, compartiment)}
      listState={listState}
      fixedFilter={{ eboxModule: { id: module.id, label: recordLabel(entity, module) } }}
      hideFilters
      onCreate={() => navigate(screenPathsOf(compartiment).create(module.id))}
      testId="ebox-module-compartiment-list"
    />
  );
}

/** /eboxModule/:id: the module and its compartments. */
export function EboxModuleViewPage() {
  const entity = useRouteEntity();
  return <EntityViewPage entity={entity}>{(record) => <ModuleCompartments module={record} entity={entity} />}</EntityViewPage>;
}
