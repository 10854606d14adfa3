import { EntityFormPage } from '../../kit/form/entity-form-page';
import { ADDRESS_INPUTS } from './address-inputs';

/** /address/new and /address/:id/edit: the kit's form, whose CEP fills the rest from the address book. */
export function AddressFormPage() {
  return <EntityFormPage inputs={ADDRESS_INPUTS} />;
}
