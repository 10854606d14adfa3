import { addressModule } from './modules/address';
import { auditLogModule } from './modules/audit-log';
import { authModule } from './modules/auth';
import { botModule } from './modules/bot';
import { buildingModule } from './modules/building';
import { companySettingModule } from './modules/company-setting';
import { dashboardModule } from './modules/dashboard';
import { eboxModule } from './modules/ebox';
import { enrolmentModule } from './modules/enrolment';
import { filesModule } from './modules/files';
import { iamModule } from './modules/iam';
import { inboundModule } from './modules/inbound';
import { jobsModule } from './modules/jobs';
import { messageModule } from './modules/message';
import { orderModule } from './modules/order';
import { outboxModule } from './modules/outbox';
import { packingModule } from './modules/packing';
import { paymentModule } from './modules/payment';
import { qrCodeModule } from './modules/qr-code';
import { roleModule } from './modules/role';
import { routeModule } from './modules/route';
import { settingsModule } from './modules/settings';
import { terminalCommandsModule } from './modules/terminal-commands';
import { terminalPeopleModule } from './modules/terminal-people';
import { terminalReleaseModule } from './modules/terminal-release';
import { terminalSoftwareModule } from './modules/terminal-software';
import { webhookModule } from './modules/webhook';
import { platformModule } from './platform/jobs/registry';
import { type AppModule, composeModules, type ModuleRegistry } from './platform/modules';

/**
 * The composition root: every area of the console, each one manifest (`modules/<area>/index.ts`).
 * A new area adds its manifest here and nowhere else; the API (app.ts), `npm run worker` and tests
 * build their AppDeps with this registry. Routes load only where HTTP is served.
 */
export const APP_MODULES: readonly AppModule[] = [
  platformModule,
  authModule,
  iamModule,
  settingsModule,
  auditLogModule,
  outboxModule,
  jobsModule,
  filesModule,
  roleModule,
  buildingModule,
  eboxModule,
  enrolmentModule,
  terminalCommandsModule,
  terminalPeopleModule,
  orderModule,
  inboundModule,
  packingModule,
  routeModule,
  webhookModule,
  messageModule,
  botModule,
  paymentModule,
  companySettingModule,
  addressModule,
  qrCodeModule,
  dashboardModule,
  terminalSoftwareModule,
  terminalReleaseModule,
];

export const MODULES: ModuleRegistry = composeModules(APP_MODULES);
