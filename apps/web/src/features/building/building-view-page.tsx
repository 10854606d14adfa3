import { DECLARED_ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../kit/entity-api';
import { entityPluralLabel, recordLabel } from '../../kit/entity-labels';
import { CreateModal } from '../../kit/form/create-modal';
import { EntityList } from '../../kit/list/entity-list';
import { useLocalListState } from '../../kit/list/list-state';
import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { levelNameOf } from './level-names';

const { buildingLevel1 } = DECLARED_ENTITIES;

/**
 * The level 1 records of a building (GET /building-level1?filter[building]=id), created in a form
 * with the building preset; deleting a single level 1 reloads the page (spec 2.7).
 */
function BuildingLevels({ building, entity }: { building: EntityRecord; entity: EntityDeclaration }) {
  const { t } = useTranslation();
  const listState = useLocalListState();
  const [creating, setCreating] = useState(false);
  const buildingRef = { id: building.id, label: recordLabel(entity, building) };
  const levelName = levelNameOf(building, 'level1');
  return (
    <>
      <EntityList
        headingLevel={2}
        entity={buildingLevel1}
        title={levelName ?? entityPluralLabel(t, buildingLevel1)}
        listState={listState}
        fixedFilter={{ building: buildingRef }}
        hideFilters
        onCreate={() => setCreating(true)}
        afterDestroyOne={() => window.location.reload()}
        testId="building-level1-list"
      />
      <CreateModal
        entity={buildingLevel1}
        open={creating}
        onClose={() => setCreating(false)}
        locked={{ building: buildingRef }}
        label={levelName}
        initial={{ company: building.company }}
      />
    </>
  );
}

/** /building/:id: the building and its level 1 records. */
export function BuildingViewPage() {
  const entity = useRouteEntity();
  return <EntityViewPage entity={entity}>{(record) => <BuildingLevels building={record} entity={entity} />}</EntityViewPage>;
}
