import auditLog from './audit-log';
import auth from './auth';
import authApi from './auth-api';
import brazilianIds from './brazilian-ids';
import common from './common';
import { entityAreas } from './entities/index';
import errors from './errors';
import files from './files';
import iam from './iam';
import iamApi from './iam-api';
import kit from './kit';
import layout from './layout';
import listTools from './list-tools';
import predefinedRoles from './predefined-roles';
import resource from './resource';
import role from './role';
import settings from './settings';
import validation from './validation';

/**
 * Messages are split by area; each area file exports a nested object and this list merges them.
 * Add a new area file here. Keys must be identical in pt-BR and en (a test checks it).
 */
export const areas = [
  errors,
  resource,
  predefinedRoles,
  validation,
  common,
  auth,
  layout,
  settings,
  auditLog,
  authApi,
  iamApi,
  files,
  listTools,
  ...entityAreas,
  kit,
  iam,
  role,
  brazilianIds,
];
