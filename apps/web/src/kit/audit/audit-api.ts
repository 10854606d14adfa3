import { auditLogEntity } from '@ebox/domain';
import { download } from '../../app/api-client';
import { type EntityEndpoints, endpointsOf, timeZone } from '../entity-api';

/** GET /auditLog and its export (docs/decisions.md "Audit log in words"); nothing else exists. */
export const auditLogEndpoints: EntityEndpoints = {
  ...endpointsOf(auditLogEntity),
  exportFile: (fields, request) => download('/auditLog/export', { fields, ...request, timezone: timeZone() }),
};
