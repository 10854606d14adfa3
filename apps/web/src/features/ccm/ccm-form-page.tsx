import { EntityFormPage } from '../../kit/form/entity-form-page';
import { CcmContentInput } from './ccm-content-input';

const INPUTS = { content: CcmContentInput };

/** /ccm/new and /ccm/:id/edit: the kit's form, its content written with the variables and a live preview beside it. */
export function CcmFormPage() {
  return <EntityFormPage inputs={INPUTS} />;
}
