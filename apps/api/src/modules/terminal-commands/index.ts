import type { AppModule } from '../../platform/modules';
import { accessCodesOnOnlineJob, applyAccessCodesJob, applyConfigJob, applyConfigOnOnlineJob } from './jobs';

/** Commands the console sends a locker (open a door, its configuration, its access codes). */
export const terminalCommandsModule: AppModule = {
  name: 'terminal-commands',
  jobs: [applyConfigJob, applyConfigOnOnlineJob, applyAccessCodesJob, accessCodesOnOnlineJob],
  routes: () => import('./routes').then((m) => m.registerTerminalCommandRoutes),
};
