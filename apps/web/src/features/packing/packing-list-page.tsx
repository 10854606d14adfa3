import { useMemo } from 'react';
import { EntityList } from '../../kit/list/entity-list';
import { useRouteEntity } from '../../kit/route-entity';
import { FinishButton } from './packing-finish';
import './messages';

/**
 * What an operator reads a run by: its name, picking, route, courier, size and when it was finished
 * and made. The warehouse is a filter and a column to choose: with it, eight columns did not fit
 * 1366 px beside the actions (list-layouts test).
 */
const LIST_COLUMNS = ['name', 'picking', 'route', 'operator', 'totalOrders', 'finishedAt', 'createdAt'];

/**
 * /packing (issue 30): the kit's list of packings, with "Finalizar" on the selected rows (one or many,
 * in turn, confirmed) beside the kit's delete, which only an open packing takes (a finished one is
 * the record of its run: the API refuses it with its reason, shown as any refusal).
 */
export function PackingListPage() {
  const routeEntity = useRouteEntity();
  const entity = useMemo(() => ({ ...routeEntity, listColumns: LIST_COLUMNS }), [routeEntity]);
  return (
    <EntityList
      key={entity.name}
      entity={entity}
      isDestroyable={(record) => !record.finishedAt}
      bulkActions={({ selected, clear }) => <FinishButton records={selected} after={clear} testId="packing-finish-selected" />}
    />
  );
}
