import { EntityFormPage } from '../../kit/form/entity-form-page';
import { StepTextInput } from './step-text-input';

const INPUTS = { messages: StepTextInput };

/** /botFlow/new and /botFlow/:id/edit: the kit's form, each step's text beside its WhatsApp preview (issue 32 item 1). */
export function BotFlowFormPage() {
  return <EntityFormPage inputs={INPUTS} />;
}
