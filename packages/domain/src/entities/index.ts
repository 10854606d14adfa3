import type { EntityDeclaration } from '../kit/entity';
import { building } from './building';
import { company } from './company';
import { group } from './group';
import { role } from './role';

export { COMPANY_TYPES, SMS_GATEWAYS } from './company';
export * from './enums';

/**
 * Every declared entity, by name. Adding an entity: write its declaration file next to this one,
 * add it here, add its translations (i18n/{pt-BR,en}/entities/), and generate the migration
 * (`npm run db:generate -w @ebox/api`).
 */
export const ENTITIES: Record<string, EntityDeclaration> = { role, company, group, building };

export function entityByName(name: string): EntityDeclaration | undefined {
  return ENTITIES[name];
}

export function entityByPath(path: string): EntityDeclaration | undefined {
  return Object.values(ENTITIES).find((entity) => entity.path === path);
}
