import type { AppModule } from '../../platform/modules';

/** The people at a locker's screen: their PIN and QR code (routes); the terminal link calls the service for sign-ins and actions. */
export const terminalPeopleModule: AppModule = {
  name: 'terminal-people',
  routes: () => import('./routes').then((m) => m.registerTerminalPeopleRoutes),
};
