import { defineEntity } from '../kit/entity';

/** A compartment position inside a module model; guarded by the module's permissions (spec 6). */
export const eboxModuleCompartiment = defineEntity({
  name: 'eboxModuleCompartiment',
  path: 'eboxModuleCompartiment',
  table: 'ebox_module_compartiment',
  labelField: 'staticNumber',
  permissionPrefix: 'eboxModule',
  scope: { kind: 'none' },
  parent: { field: 'eboxModule', entity: 'eboxModule' },
  fields: {
    eboxModule: { type: 'relation', entity: 'eboxModule', required: true },
    /** Position of the compartment in the module, counted from 1. */
    staticNumber: { type: 'integer', required: true, min: 1, max: 9999 },
    compartimentLayout: { type: 'relation', entity: 'compartimentLayout', required: true },
    /** Reserved for people with a disability (lower, reachable compartments). */
    pcd: { type: 'boolean' },
    enable: { type: 'boolean' },
    /** Lower numbers are offered first when a compartment of this size is chosen. */
    priority: { type: 'integer', min: 0, max: 9999 },
  },
  listColumns: ['staticNumber', 'eboxModule', 'compartimentLayout', 'pcd', 'enable', 'priority'],
  filters: ['staticNumber', 'eboxModule', 'compartimentLayout', 'pcd', 'enable', 'priority'],
  importColumns: ['eboxModule', 'staticNumber', 'compartimentLayout', 'pcd', 'enable', 'priority'],
  defaultOrderBy: 'staticNumber_ASC',
});
