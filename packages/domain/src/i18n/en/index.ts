import auditLog from './audit-log';
import auth from './auth';
import authApi from './auth-api';
import common from './common';
import { entityAreas } from './entities/index';
import errors from './errors';
import iam from './iam';
import iamApi from './iam-api';
import files from './files';
import kit from './kit';
import layout from './layout';
import mail from './mail';
import outbox from './outbox';
import permissions from './permissions';
import role from './role';
import settings from './settings';
import validation from './validation';

/**
 * Messages are split by area; each area file exports a nested object and this list merges them.
 * Add a new area file here. Keys must be identical in pt-BR and en (a test checks it).
 */
export const areas = [errors, validation, common, auth, layout, settings, auditLog, outbox, files, ...entityAreas, authApi, iamApi, mail, kit, iam, role, permissions];
