import type { FieldDisplayProps } from '../../kit/fields/field-display';
import { EntityList } from '../../kit/list/entity-list';
import { useRouteEntity } from '../../kit/route-entity';
import { EboxConfigTag, EboxStatusTag } from './locker-live';
import { NetworkSummary } from './network-summary';

function StatusCell({ value }: FieldDisplayProps) {
  return <EboxStatusTag status={value} />;
}

/** Refused or invalid in red: a locker whose doors the console will not drive. */
function ConfigStatusCell({ value }: FieldDisplayProps) {
  return <EboxConfigTag status={value} />;
}

/** /ebox: the network at a glance above the kit's list, whose status column is a coloured tag, kept live. */
export function EboxListPage() {
  const entity = useRouteEntity();
  return (
    <EntityList
      key={entity.name}
      entity={entity}
      description={<NetworkSummary />}
      displays={{ status: StatusCell, configStatus: ConfigStatusCell }}
    />
  );
}
