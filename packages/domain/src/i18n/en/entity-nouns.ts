// Written by packages/domain/scripts/entity-registry.ts (`npm run db:generate -w @ebox/api`): do not edit.

/** Each entity's noun from its translations: [singular, plural] (permissions.ts, predefined-roles.ts). */
export const ENTITY_NOUNS: Record<string, [singular: string, plural: string]> = {
  building: ['Building', 'Buildings'],
  buildingLevel1: ['Level 1', 'Level 1 records'],
  buildingLevel2: ['Level 2', 'Level 2 records'],
  ccm: ['Message template', 'Message templates'],
  cluster: ['Cluster', 'Clusters'],
  company: ['Company', 'Companies'],
  compartiment: ['Compartment', 'Compartments'],
  compartimentLayout: ['Compartment layout', 'Compartment layouts'],
  customer: ['Customer', 'Customers'],
  ebox: ['E-box', 'E-boxes'],
  eboxModule: ['Module', 'Modules'],
  group: ['Group', 'Groups'],
  inbound: ['Inbound entry', 'Inbound entries'],
  order: ['Order', 'Orders'],
  packing: ['Packing list', 'Packing lists'],
  product: ['Product', 'Products'],
  qrcodeTemplate: ['QR code template', 'QR code templates'],
  role: ['Role', 'Roles'],
  route: ['Route', 'Routes'],
  warehouse: ['Warehouse', 'Warehouses'],
  webhook: ['Webhook', 'Webhooks'],
};
