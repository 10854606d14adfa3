import { useRouteEntity } from '../route-entity';
import { EntityList } from './entity-list';

/** /{entity}: the declaration's list with its state in the URL. */
export function EntityListPage() {
  const entity = useRouteEntity();
  return <EntityList entity={entity} />;
}
