import { EntityFormPage } from '../../kit/form/entity-form-page';
import { LOCKER_ADDRESS_INPUTS } from '../address/address-inputs';
import { ModuleListInput } from './module-list-input';

export const EBOX_INPUTS = { eboxModule: ModuleListInput, ...LOCKER_ADDRESS_INPUTS };

/** /ebox/new and /ebox/:id/edit: the kit's form with the locker's modules as an ordered list, its address
 * picked from the address book or filled from a CEP it knows. */
export function EboxFormPage() {
  return <EntityFormPage inputs={EBOX_INPUTS} />;
}
