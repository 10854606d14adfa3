import type { AppModule } from '../../platform/modules';
import { terminalUiVersionPolicy, versionPolicy } from './policy';

/**
 * Terminal software (issue 31): terminal UI builds uploaded through a signed URL and registered with
 * their SHA-256, and the cascaders of spec 7.4 (terminal UI versions by company, buildings by level).
 */
export const terminalSoftwareModule: AppModule = {
  name: 'terminal-software',
  entities: { policies: { terminalUiVersion: terminalUiVersionPolicy, version: versionPolicy } },
  routes: () => import('./routes').then((m) => m.registerTerminalSoftwareRoutes),
};
