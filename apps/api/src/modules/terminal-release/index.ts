import type { AppModule } from '../../platform/modules';
import { releaseOnOnlineJob, releaseTimeoutsJob, sendReleaseJob, startReleaseJob } from './jobs';
import { cancelRelease, pauseRelease, releasePolicy, resumeRelease, retryFailedLockers } from './service';

/**
 * Software releases (issue 31): a version or UI build to a company's lockers at scheduledAt, in
 * stages, each locker commanded once and followed through its progress events (docs/releases.md).
 */
export const terminalReleaseModule: AppModule = {
  name: 'terminal-release',
  entities: {
    policies: { terminalUiRelease: releasePolicy },
    actions: {
      'terminalUiRelease.pause': pauseRelease,
      'terminalUiRelease.resume': resumeRelease,
      'terminalUiRelease.cancel': cancelRelease,
      'terminalUiRelease.retryFailed': retryFailedLockers,
    },
  },
  jobs: [startReleaseJob, sendReleaseJob, releaseTimeoutsJob, releaseOnOnlineJob],
  routes: () => import('./routes').then((m) => m.registerTerminalReleaseRoutes),
};
