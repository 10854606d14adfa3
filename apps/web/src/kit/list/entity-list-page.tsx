import { useRouteEntity } from '../route-entity';
import { EntityList } from './entity-list';

/** /{entity}: the declaration's list with its state in the URL (a feature that adds to it has its own list page). */
export function EntityListPage() {
  const entity = useRouteEntity();
  // Keyed by entity: going from one list to another must not carry selection, columns or rows over.
  return <EntityList key={entity.name} entity={entity} />;
}
