import type { EntityDeclaration, RelationRef } from '@ebox/domain';
import { type ComponentType, createContext } from 'react';

export type RelatedCreateModalProps = {
  entity: EntityDeclaration;
  onClose: () => void;
  /** The new record, to be selected in the form that asked for it. */
  onCreated: (ref: RelationRef) => void;
};

/**
 * The dialog a relation select opens to create a related record (kit/form/related-create-modal.tsx),
 * given by the console (app/private-layout.tsx), which loads it on first use: the dialog is the form
 * kit, which imports the select, so the select cannot import it. Without one, no select offers it.
 */
export const RelatedCreateContext = createContext<ComponentType<RelatedCreateModalProps> | null>(null);
