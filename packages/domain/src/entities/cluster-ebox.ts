import { defineEntity } from '../kit/entity';
import { CLUSTER_EBOX_SEQUENCES } from './enums';

/**
 * A locker's place in a cluster (spec 3 "clusterEbox"): its position and the order its compartments
 * are numbered in. Scoped through its cluster. clusterName and eboxCode are kept by the server from
 * the linked records; an import names them by these two columns (spec 3).
 */
export const clusterEbox = defineEntity({
  name: 'clusterEbox',
  path: 'clusterEbox',
  table: 'cluster_ebox',
  labelField: 'eboxCode',
  permissionPrefix: 'cluster',
  scope: { kind: 'through', field: 'cluster', entity: 'cluster' },
  parent: { field: 'cluster', entity: 'cluster' },
  fields: {
    cluster: { type: 'relation', entity: 'cluster', required: true },
    /** A locker is linked to a cluster once (it may belong to several clusters). */
    ebox: {
      type: 'relation',
      entity: 'ebox',
      required: true,
      uniqueWithin: { field: 'cluster', message: 'entities.clusterEbox.errors.eboxLinked' },
    },
    eboxCode: { type: 'text', readOnly: true },
    clusterName: { type: 'text', readOnly: true },
    /** RL-TB: modules right to left, each top to bottom (spec 4.1). */
    sequenceCompartiments: { type: 'enum', options: CLUSTER_EBOX_SEQUENCES, required: true },
    clusterPosition: { type: 'integer', min: 1, max: 9999 },
    enable: { type: 'boolean' },
  },
  listColumns: ['ebox', 'cluster', 'eboxCode', 'sequenceCompartiments', 'clusterPosition', 'enable'],
  filters: ['ebox', 'cluster', 'eboxCode', 'sequenceCompartiments', 'clusterPosition', 'enable', 'createdAt'],
  importColumns: ['cluster', 'ebox', 'sequenceCompartiments', 'clusterPosition', 'enable'],
  importAliases: { clusterName: 'cluster', eboxCode: 'ebox' },
  defaultOrderBy: 'clusterPosition_ASC',
});
