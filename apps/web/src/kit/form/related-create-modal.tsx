import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { entityLabel, recordLabel } from '../entity-labels';
import type { RelatedCreateModalProps } from '../fields/related-create';
import { CreateModal } from './create-modal';

/**
 * The related entity's create form in a dialog, opened from a relation select ("Cadastrar novo"):
 * the user creates the missing company without leaving the customer half typed.
 */
export default function RelatedCreateModal({ entity, onClose, onCreated }: RelatedCreateModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CreateModal
      entity={entity}
      open
      onClose={onClose}
      title={t('kit.forms.createRelatedTitle', { entity: entityLabel(t, entity) })}
      onCreated={async (record) => {
        await queryClient.invalidateQueries({ queryKey: ['autocomplete'] });
        onCreated({ id: String(record.id), label: recordLabel(entity, record) });
      }}
    />
  );
}
