import type { EntityDeclaration } from '../kit/entity';
import { building } from './building';
import { buildingLevel1 } from './building-level1';
import { buildingLevel2 } from './building-level2';
import { ccm } from './ccm';
import { cluster } from './cluster';
import { clusterEbox } from './cluster-ebox';
import { company } from './company';
import { compartiment } from './compartiment';
import { compartimentLayout } from './compartiment-layout';
import { customer } from './customer';
import { ebox } from './ebox';
import { eboxModule } from './ebox-module';
import { eboxModuleCompartiment } from './ebox-module-compartiment';
import { group } from './group';
import { invoice, invoiceItem } from './invoice';
import { order } from './order';
import { product } from './product';
import { qrcodeTemplate } from './qrcode-template';
import { role } from './role';
import { warehouse } from './warehouse';
import { webhook } from './webhook';

export { isClusterSequence } from './cluster';
export { COMPANY_TYPES, SMS_GATEWAYS } from './company';
export * from './compartiment-plan';
export * from './enums';
export { isCompilableHandlebars } from './qrcode-template';

/**
 * Every declared entity, by name, each with its literal declaration type (`EntityRecord<typeof
 * DECLARED_ENTITIES.customer>` is a customer's record type). Adding an entity: write its declaration file next to this one,
 * add it here, add its translations (i18n/{pt-BR,en}/entities/), and generate the migration
 * (`npm run db:generate -w @ebox/api`).
 */
export const DECLARED_ENTITIES = {
  role,
  company,
  group,
  building,
  buildingLevel1,
  buildingLevel2,
  customer,
  product,
  warehouse,
  compartimentLayout,
  eboxModule,
  eboxModuleCompartiment,
  ebox,
  compartiment,
  cluster,
  clusterEbox,
  webhook,
  ccm,
  qrcodeTemplate,
  invoice,
  invoiceItem,
  order,
} satisfies Record<string, EntityDeclaration>;

export type DeclaredEntityName = keyof typeof DECLARED_ENTITIES;

/** The same entities looked up by any name (a route, a relation target, a query parameter). */
export const ENTITIES: Record<string, EntityDeclaration> = DECLARED_ENTITIES;

export function entityByName(name: string): EntityDeclaration | undefined {
  return ENTITIES[name];
}

export function entityByPath(path: string): EntityDeclaration | undefined {
  return Object.values(ENTITIES).find((entity) => entity.path === path);
}
