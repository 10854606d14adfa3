import type { EntityDeclaration } from '../kit/entity';
import { DECLARED_ENTITIES } from './declared';

export { isClusterSequence } from './cluster';
export { COMPANY_TYPES, SMS_GATEWAYS } from './company';
export * from './compartiment-plan';
export { EBOX_CONFIG_STATUSES, EBOX_MISCONFIGURED_STATUSES, type EboxConfigStatus } from './ebox';
export * from './enums';
export { isCompilableHandlebars } from './qrcode-template';
export { RELEASE_TARGETS, type ReleaseTarget } from './terminal-ui-release';
export { TERMINAL_UI_BUILD_MAX_BYTES } from './terminal-ui-version';
export { OS_APPLICATIONS } from './version';

/**
 * Every declared entity, by name, each with its literal declaration type (`EntityRecord<typeof
 * DECLARED_ENTITIES.customer>` is a customer's record type): every declaration a file of this
 * folder exports under its own name, listed in declared.ts by `npm run db:generate -w @ebox/api`
 * (packages/domain/scripts/entity-registry.ts). Adding an entity: docs/architecture.md "How to add an entity".
 */
export { DECLARED_ENTITIES };

export type DeclaredEntityName = keyof typeof DECLARED_ENTITIES;

/** The same entities looked up by any name (a route, a relation target, a query parameter). */
export const ENTITIES: Record<string, EntityDeclaration> = DECLARED_ENTITIES;

export function entityByName(name: string): EntityDeclaration | undefined {
  return ENTITIES[name];
}

export function entityByPath(path: string): EntityDeclaration | undefined {
  return Object.values(ENTITIES).find((entity) => entity.path === path);
}
