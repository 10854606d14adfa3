/**
 * The locker screens' areas (enrolment, the live locker face, terminal commands): the console
 * loads them with those screens (apps/web/src/features/ebox/messages.ts), the API with the rest.
 */
import enrolment from './enrolment';
import lockerLive from './locker-live';
import terminalCommands from './terminal-commands';

export const lockerAreas = [enrolment, lockerLive, terminalCommands];
