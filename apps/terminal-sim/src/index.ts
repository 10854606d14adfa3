export { ApiNotReadyError, assertApiReady, type EnrolledLocker, provisionLockersThroughApi } from './api-provisioning';
export {
  type ConsoleLocker,
  callConsole,
  type DemoLocker,
  DemoLockersError,
  type DemoLockersOptions,
  prepareDemoLockers,
  readStoredDemoLockers,
  reusableCredentials,
  type StoredDemoLocker,
  signOut,
  writeStoredDemoLockers,
} from './demo-lockers';
export { DemoShipper, type DemoShipperOptions, type ShippedOrder } from './demo-shipper';
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
