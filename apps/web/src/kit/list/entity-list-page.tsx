import { useRouteEntity } from '../route-entity';
import { EntityList } from './entity-list';
import { bulkActionsOf } from './list-extensions';

/** /{entity}: the declaration's list with its state in the URL, with the buttons its feature adds. */
export function EntityListPage() {
  const entity = useRouteEntity();
  // Keyed by entity: going from one list to another must not carry selection, columns or rows over.
  return <EntityList key={entity.name} entity={entity} bulkActions={bulkActionsOf(entity.name)} />;
}
