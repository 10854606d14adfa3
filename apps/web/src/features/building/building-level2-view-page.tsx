import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { Level2Breadcrumb } from './building-breadcrumb';

/** /building-level2/:id: the kit's view, under the way up to its level 1 and building. */
export function BuildingLevel2ViewPage() {
  const entity = useRouteEntity();
  return <EntityViewPage entity={entity} header={(record) => <Level2Breadcrumb level2={record} />} />;
}
