export { ApiNotReadyError, assertApiReady, type EnrolledLocker, provisionLockersThroughApi } from './api-provisioning';
export {
  type ConsoleLocker,
  type DemoLocker,
  DemoLockersError,
  type DemoLockersOptions,
  prepareDemoLockers,
  readStoredDemoLockers,
  reusableCredentials,
  type StoredDemoLocker,
  writeStoredDemoLockers,
} from './demo-lockers';
export { type EnrolOptions, type EnrolResult, enrolTerminal } from './enrol';
export { Fleet, type FleetOptions } from './fleet';
export {
  DEFAULT_VERSIONS,
  defaultCompartments,
  type SentMessage,
  type TerminalVersions,
  type VirtualCompartment,
  VirtualTerminal,
  type VirtualTerminalOptions,
} from './virtual-terminal';
