import { defineEntity } from '../kit/entity';
import { CLUSTER_OPERATION_TYPES } from './enums';

/** Spec 4.1: a cluster's sequence is a letter A-Z or a number 1-9999. */
export function isClusterSequence(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  const text = String(value);
  if (/^[A-Z]$/.test(text)) return true;
  return /^[1-9][0-9]{0,3}$/.test(text);
}

/**
 * A cluster: lockers operated together (one bot, one price, one way of booking). Its lockers are
 * clusterEbox links, each saying where the locker sits in the cluster and how its compartments are
 * numbered.
 */
export const cluster = defineEntity({
  name: 'cluster',
  path: 'cluster',
  table: 'cluster',
  labelField: 'name',
  naturalKey: ['name'],
  scope: { kind: 'company', field: 'company' },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    /** A letter A-Z or a number 1-9999 (spec 4.1). */
    sequence: { type: 'text', max: 4 },
    enable: { type: 'boolean' },
    company: { type: 'relation', entity: 'company' },
    operationType: { type: 'enum', options: CLUSTER_OPERATION_TYPES },
    isPaid: { type: 'boolean' },
  },
  rules: [{ message: 'entities.cluster.errors.sequence', path: 'sequence', check: (data) => isClusterSequence(data.sequence) }],
  listColumns: ['name', 'sequence', 'company', 'operationType', 'isPaid', 'enable', 'createdAt'],
  filters: ['name', 'sequence', 'company', 'operationType', 'isPaid', 'enable', 'createdAt'],
  importColumns: ['name', 'sequence', 'company', 'operationType', 'isPaid', 'enable'],
});
