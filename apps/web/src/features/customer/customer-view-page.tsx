import { useRouteEntity } from '../../kit/route-entity';
import { EntityViewPage } from '../../kit/view/entity-view-page';
import { CustomerDevices } from './customer-devices';

/** /customer/:id: the customer and the devices their app registered for push. */
export function CustomerViewPage() {
  const entity = useRouteEntity();
  return <EntityViewPage entity={entity}>{(record) => <CustomerDevices customer={record} />}</EntityViewPage>;
}
