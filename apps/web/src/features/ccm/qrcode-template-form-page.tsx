import { EntityFormPage } from '../../kit/form/entity-form-page';
import { QrcodeContentInput } from './qrcode-content-input';

const INPUTS = { hbsContent: QrcodeContentInput };

/**
 * /qrcodeTemplate/new and /qrcodeTemplate/:id/edit: the kit's form, its page written with the
 * variables and a live preview. Here with the message templates' editor it shares (one feature: the
 * templates people write).
 */
export function QrcodeTemplateFormPage() {
  return <EntityFormPage inputs={INPUTS} />;
}
