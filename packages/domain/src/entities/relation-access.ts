import { type EntityDeclaration, permissionOf } from '../kit/entity';
import type { Field } from '../kit/field';
import type { Permission } from '../permissions';
import { ENTITIES } from './index';
import { userEntity } from './user';

function relatesTo(fields: Record<string, Field>, target: string): boolean {
  return Object.values(fields).some(
    (field) => (field.type === 'relation' && field.entity === target) || (field.type === 'object' && relatesTo(field.fields, target)),
  );
}

/**
 * Who may search an entity's records (its autocomplete): holders of its own Autocomplete, and
 * whoever may create or edit a record that relates to it. A form's relation picker must answer the
 * person who fills the form in (a customer's company, a user's roles), always within the caller's
 * companies; an autocomplete gives ids and labels only, no more than the saved record will show.
 */
export function autocompleteGrantsOf(target: EntityDeclaration): Permission[] {
  const grants = new Set<Permission>([permissionOf(target, 'Autocomplete')]);
  for (const entity of [...Object.values(ENTITIES), userEntity]) {
    if (!relatesTo(entity.fields, target.name)) continue;
    grants.add(permissionOf(entity, 'Create'));
    grants.add(permissionOf(entity, 'Edit'));
  }
  return [...grants];
}
