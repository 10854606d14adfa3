import { EntityFormPage } from '../../kit/form/entity-form-page';
import { RouteStopsInput } from './route-stops-input';
import './messages';

const ROUTE_INPUTS = { ebox: RouteStopsInput };

/** /route/new and /route/:id/edit: the kit's form with the stops as an ordered list and "order by distance". */
export function RouteFormPage() {
  return <EntityFormPage inputs={ROUTE_INPUTS} />;
}
