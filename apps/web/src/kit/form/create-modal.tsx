import { type EntityDeclaration, hasId, isPlainObject } from '@ebox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityRecord, endpointsOf, entityKeys } from '../entity-api';
import { entityLabel } from '../entity-labels';
import { EntityForm } from './entity-form';

export type CreateModalProps = {
  entity: EntityDeclaration;
  open: boolean;
  onClose: () => void;
  /** Fixed values (the parent), shown disabled. */
  locked?: Record<string, unknown>;
  /** Suggested values the user may change. */
  initial?: Record<string, unknown>;
  /** Runs after the record is created (linking it to its parent, selecting it in a relation). */
  onCreated?: (record: EntityRecord) => Promise<void> | void;
  /** What the building calls this level ("Torre"), instead of the generic entity label. */
  label?: string;
  /** The whole title, when "Cadastrar <entity>" does not fit. */
  title?: string;
};

/** A create form in a dialog: records added from their parent's page (building levels) or from a relation select. */
export function CreateModal({ entity, open, onClose, locked, initial, onCreated, label, title }: CreateModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <Modal
      open={open}
      title={title ?? t('kit.form.newTitle', { entity: label || entityLabel(t, entity) })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <EntityForm
        entity={entity}
        mode="create"
        name={`${entity.name}-create`}
        guardLeave={false}
        record={initial}
        locked={locked}
        onCancel={onClose}
        onSubmit={async (data) => {
          const created = await endpointsOf(entity).create(data);
          if (isPlainObject(created) && hasId(created)) await onCreated?.(created);
          message.success(t(`entities.${entity.name}.create.success`));
          await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.name) });
          onClose();
        }}
      />
    </Modal>
  );
}
