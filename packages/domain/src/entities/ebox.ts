import { defineEntity } from '../kit/entity';
import { EBOX_ACTIONS, EBOX_STATUSES } from './enums';
import { OS_APPLICATIONS } from './version';

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Where the locker's relay mapping (apply_config) stands: pending (not answered yet), applied (the
 * terminal answered with the hash sent), refused (the terminal answered an error, INVALID_CONFIG
 * mostly), invalid (the console's own check found it wrong and did not send it).
 */
export const EBOX_CONFIG_STATUSES = ['pending', 'applied', 'refused', 'invalid'] as const;
export type EboxConfigStatus = (typeof EBOX_CONFIG_STATUSES)[number];
/** A locker whose doors the console will not open: its terminal drives relays by another mapping. */
export const EBOX_MISCONFIGURED_STATUSES: readonly EboxConfigStatus[] = ['refused', 'invalid'];

/** Where the locker stands, in the order a spreadsheet gives an address (import and export alike). */
const ADDRESS_COLUMNS = ['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'postalCode'];
/** How the locker is built and run (import and export alike). */
const SETUP_COLUMNS = ['eboxModule', 'startNumber', 'boardNumber', 'relayChannels', 'building', 'shared', 'workingHours'];

/**
 * A locker (spec 3 "ebox"): its address, the terminal computer inside it and the modules it is built
 * from, left to right. Status, last heartbeat, OS and application versions are written by the
 * terminal link only (read-only here: not in the form, the import or the API's writes).
 */
export const ebox = defineEntity({
  name: 'ebox',
  path: 'ebox',
  table: 'ebox',
  labelField: 'name',
  naturalKey: ['code', 'name'],
  scope: { kind: 'company', field: 'company', lockerGroups: true },
  fields: {
    name: { type: 'text', required: true, min: 2, max: 255 },
    /** The code orders and cluster links name the locker by (spec 5.3: an order's eboxCode is 4 to 20). */
    code: { type: 'text', required: true, min: 4, max: 20, unique: true },
    images: { type: 'files', image: true, max: 3, maxSize: 1_000_000 },
    enable: { type: 'boolean' },
    /** online / offline (spec 4.1), kept by the terminal link from heartbeats and the last will. */
    status: { type: 'enum', options: EBOX_STATUSES, readOnly: true },
    /**
     * The address book's record the address below was copied from (the form fills the fields on the
     * pick); the fields stay the locker's own, so deleting the record only empties this link.
     */
    address: { type: 'relation', entity: 'address', filterBy: 'company', onDelete: 'setNull' },
    street: { type: 'text', max: 255 },
    number: { type: 'text', max: 20 },
    complement: { type: 'text', max: 255 },
    neighborhood: { type: 'text', max: 255 },
    city: { type: 'text', max: 255 },
    /** UF, e.g. RJ, SP, MG. */
    state: { type: 'text', max: 2 },
    postalCode: { type: 'text', max: 9 },
    coordinates: {
      type: 'object',
      fields: {
        latitude: { type: 'number', scale: 6, min: -90, max: 90 },
        longitude: { type: 'number', scale: 6, min: -180, max: 180 },
      },
    },
    /** The terminal's device id (its MQTT user name once enrolled). */
    terminalId: { type: 'text', max: 255, unique: true },
    warehouse: { type: 'relation', entity: 'warehouse' },
    company: { type: 'relation', entity: 'company' },
    /** The module models the locker is built from, left to right (a model may repeat). */
    eboxModule: { type: 'relation', entity: 'eboxModule', multiple: true, max: 50 },
    /** How many modules the compartments were last generated from (kept by generateCompartiments). */
    currentModules: { type: 'integer', readOnly: true },
    /** Number of the first compartment; the others follow in the cluster link's sequence. */
    startNumber: { type: 'integer', min: 1, max: 9999 },
    /** Controller board of the compartments when their module names none (spec 5.3: 1 to 10). */
    boardNumber: { type: 'integer', min: 1, max: 10 },
    building: { type: 'relation', entity: 'building' },
    lastHeartBeat: { type: 'dateTime', readOnly: true },
    /** The terminal's operating system (spec 4.1: windows, linux, mac), as its `versions` event reports it. */
    os: { type: 'enum', options: OS_APPLICATIONS, readOnly: true },
    osVersion: { type: 'text', readOnly: true },
    /** Orders of other companies may use the locker. */
    shared: { type: 'boolean' },
    /** When the locker can be reached, as people write it (e.g. "Seg a Sex 08:00-22:00"). */
    workingHours: { type: 'text', max: 255 },
    application: { type: 'text', readOnly: true },
    /**
     * The terminal application's version, as the terminal last reported it (`versions`); a release
     * never writes it (docs/releases.md "What a locker runs").
     */
    applicationVersion: { type: 'text', readOnly: true },
    /** The terminal UI build the terminal last reported (`versions`' optional ui_version). */
    uiVersion: { type: 'text', readOnly: true },
    /** When the terminal last traded a one-time token for its credentials (null: never, or disenrolled). */
    enrolledAt: { type: 'dateTime', readOnly: true },
    /**
     * Our extension actions this terminal answered with Open-Locker's INVALID_COMMAND (an Open-Locker
     * device knows none of them): the console offers them greyed as "not supported", not as broken.
     */
    unsupportedActions: { type: 'enum', options: EBOX_ACTIONS, multiple: true, readOnly: true },
    /** Channels of each relay board (empty: 8, Waveshare's board); a compartment's comNumber is 1 to this. */
    relayChannels: { type: 'integer', min: 1, max: 32 },
    /** The relay mapping's state (EBOX_CONFIG_STATUSES), kept by apply_config. */
    configStatus: { type: 'enum', options: EBOX_CONFIG_STATUSES, readOnly: true },
    /** Why it is refused (the terminal's words) or invalid (the console's check, see configErrorText). */
    configError: { type: 'text', readOnly: true },
    /** The config_hash last sent (or checked). */
    configHash: { type: 'text', readOnly: true },
    /** When configStatus last changed. */
    configCheckedAt: { type: 'dateTime', readOnly: true },
    /**
     * When this locker installs software, HH:mm in its time zone, both or neither (none: its
     * company's window, else 02:00 to 05:00; docs/releases.md "Maintenance windows").
     */
    maintenanceWindowStart: { type: 'text', length: 5, matches: 'timeOfDay' },
    maintenanceWindowEnd: { type: 'text', length: 5, matches: 'timeOfDay' },
    /** The IANA time zone the locker stands in, as America/Manaus (none, or a name no zone has: its company's). */
    timeZone: { type: 'text', max: 64 },
  },
  rules: [
    {
      // A window is both ends or none (a half-set one would be ignored without a word).
      message: 'entities.ebox.errors.maintenanceWindowBoth',
      path: 'maintenanceWindowEnd',
      check: (data) =>
        !('maintenanceWindowStart' in data || 'maintenanceWindowEnd' in data) ||
        isSet(data.maintenanceWindowStart) === isSet(data.maintenanceWindowEnd),
    },
  ],
  // Couriers, support and the terminals name a locker by its code ("RJ-COPA-01"), people by its name.
  search: { code: 'prefix', name: 'contains' },
  // What an operator reads a locker by, whole at 1366 px (its code on one line): with the city and UF
  // too the table scrolled sideways and codes broke over lines. Those two are in the column chooser.
  listColumns: ['name', 'code', 'status', 'configStatus', 'lastHeartBeat', 'company', 'enable'],
  listColumnWidths: { code: 175, status: 95, configStatus: 150, company: 125, enable: 95, city: 130, state: 70 },
  filters: [
    'name',
    'code',
    'status',
    'company',
    'warehouse',
    'building',
    'city',
    'state',
    'terminalId',
    'enable',
    'shared',
    'lastHeartBeat',
    'createdAt',
  ],
  importColumns: ['name', 'code', 'enable', ...ADDRESS_COLUMNS, 'terminalId', 'warehouse', 'company', ...SETUP_COLUMNS],
  exportColumns: [
    'id',
    'name',
    'code',
    'status',
    'lastHeartBeat',
    'company',
    ...ADDRESS_COLUMNS,
    'terminalId',
    'warehouse',
    ...SETUP_COLUMNS,
    'osVersion',
    'application',
    'applicationVersion',
    'uiVersion',
    'enable',
    'createdAt',
  ],
});
