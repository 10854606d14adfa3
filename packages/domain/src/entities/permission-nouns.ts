// Written by packages/domain/scripts/entity-registry.ts (`npm run db:generate -w @ebox/api`): do not edit.

/** Each declared entity's permission prefix: its name, or the one it borrows (`permissionPrefix`). */
export const ENTITY_PERMISSION_NOUNS = [
  'building',
  'buildingLevel1',
  'buildingLevel2',
  'ccm',
  'cluster',
  'company',
  'compartiment',
  'compartimentLayout',
  'customer',
  'ebox',
  'eboxModule',
  'group',
  'inbound',
  'order',
  'packing',
  'product',
  'qrcodeTemplate',
  'role',
  'route',
  'warehouse',
  'webhook',
] as const;
