import type { AppModule } from '../../platform/modules';

/** Who changed what: the audit log's reading side. */
export const auditLogModule: AppModule = {
  name: 'audit-log',
  routes: () => import('./routes').then((m) => m.registerAuditLogRoutes),
};
