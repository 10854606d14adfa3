import { EntityFormPage } from '../../kit/form/entity-form-page';
import { ModuleListInput } from './module-list-input';

export const EBOX_INPUTS = { eboxModule: ModuleListInput };

/** /ebox/new and /ebox/:id/edit: the kit's form with the locker's modules as an ordered list. */
export function EboxFormPage() {
  return <EntityFormPage inputs={EBOX_INPUTS} />;
}
