import { type EntityDeclaration, hasId, isPlainObject, type RelationRef } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointsOf, entityKeys } from '../entity-api';
import { entityLabel, recordLabel } from '../entity-labels';
import { EntityForm } from './entity-form';

export type RelatedCreateModalProps = {
  entity: EntityDeclaration;
  onClose: () => void;
  /** The new record, to be selected in the form that asked for it. */
  onCreated: (ref: RelationRef) => void;
};

/**
 * The related entity's create form in a dialog, opened from a relation select ("Cadastrar novo"):
 * the user creates the missing company without leaving the customer half typed.
 */
export default function RelatedCreateModal({ entity, onClose, onCreated }: RelatedCreateModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const submit = async (data: Record<string, unknown>) => {
    const answer = await endpointsOf(entity).create(data);
    message.success(t(`entities.${entity.name}.create.success`));
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
    await queryClient.invalidateQueries({ queryKey: ['autocomplete'] });
    if (isPlainObject(answer) && hasId(answer)) onCreated({ id: String(answer.id), label: recordLabel(entity, answer) });
    onClose();
  };

  return (
    <Modal
      open
      title={t('kit.forms.createRelatedTitle', { entity: entityLabel(t, entity) })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <EntityForm
        entity={entity}
        mode="create"
        name={`${entity.name}-related-form`}
        guardLeave={false}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Modal>
  );
}
