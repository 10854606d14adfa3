/**
 * The topics of the terminal link, exactly Open-Locker's. `{locker_uuid}` is the locker's UUID,
 * which is also the terminal's MQTT user name and the ebox's terminalId.
 */
export const TERMINAL_CHANNELS = [
  'lockerCommand',
  'lockerResponse',
  'lockerEvent',
  'lockerStateHeartbeat',
  'lockerStateCompartments',
  'lockerStateConnection',
  'provisioningRegister',
  'provisioningReply',
] as const;
export type TerminalChannel = (typeof TERMINAL_CHANNELS)[number];

/** The per-locker channels and the topic suffix after `locker/{uuid}/`. */
const LOCKER_SUFFIXES = {
  lockerCommand: 'command',
  lockerResponse: 'response',
  lockerEvent: 'event',
  lockerStateHeartbeat: 'state/heartbeat',
  lockerStateCompartments: 'state/compartments',
  lockerStateConnection: 'state/connection',
} as const satisfies Partial<Record<TerminalChannel, string>>;
export type LockerChannel = keyof typeof LOCKER_SUFFIXES;

/** AsyncAPI addresses, with Open-Locker's parameter names. */
export const TERMINAL_CHANNEL_ADDRESSES: Record<TerminalChannel, string> = {
  lockerCommand: 'locker/{locker_uuid}/command',
  lockerResponse: 'locker/{locker_uuid}/response',
  lockerEvent: 'locker/{locker_uuid}/event',
  lockerStateHeartbeat: 'locker/{locker_uuid}/state/heartbeat',
  lockerStateCompartments: 'locker/{locker_uuid}/state/compartments',
  lockerStateConnection: 'locker/{locker_uuid}/state/connection',
  provisioningRegister: 'locker/register/{provisioning_token}',
  provisioningReply: 'locker/provisioning/reply/{client_id}',
};

/** A locker UUID as we issue them (8-4-4-4-12 hex, any version, either case). */
export const LOCKER_UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isLockerUuid(value: string): boolean {
  return LOCKER_UUID_PATTERN.test(value);
}

/**
 * A token, client id or user name placed in one topic level. A '/', '+' or '#' in it would let a
 * client widen its own rights (the old Mosquitto pattern-ACL bypass), and a leading '$' collides
 * with broker topics, so those are never accepted.
 */
export function isSafeTopicLevel(value: string): boolean {
  return value.length > 0 && !/[/+#]/.test(value) && !value.includes('\u0000') && !value.startsWith('$');
}

function requireLevel(kind: string, value: string): string {
  if (!isSafeTopicLevel(value)) throw new Error(`Invalid ${kind} for an MQTT topic: ${JSON.stringify(value)}`);
  return value;
}

function requireLockerUuid(value: string): string {
  if (!isLockerUuid(value)) throw new Error(`Invalid locker UUID for an MQTT topic: ${JSON.stringify(value)}`);
  return value;
}

/** Topic builders; each throws on an id that could not be one topic level. */
export const terminalTopics = {
  command: (lockerUuid: string) => `locker/${requireLockerUuid(lockerUuid)}/command`,
  response: (lockerUuid: string) => `locker/${requireLockerUuid(lockerUuid)}/response`,
  event: (lockerUuid: string) => `locker/${requireLockerUuid(lockerUuid)}/event`,
  heartbeat: (lockerUuid: string) => `locker/${requireLockerUuid(lockerUuid)}/state/heartbeat`,
  compartments: (lockerUuid: string) => `locker/${requireLockerUuid(lockerUuid)}/state/compartments`,
  connection: (lockerUuid: string) => `locker/${requireLockerUuid(lockerUuid)}/state/connection`,
  register: (provisioningToken: string) => `locker/register/${requireLevel('provisioning token', provisioningToken)}`,
  provisioningReply: (clientId: string) => `locker/provisioning/reply/${requireLevel('client id', clientId)}`,
} as const;

/** The topic of one per-locker channel. */
export function buildLockerTopic(channel: LockerChannel, lockerUuid: string): string {
  return `locker/${requireLockerUuid(lockerUuid)}/${LOCKER_SUFFIXES[channel]}`;
}

/**
 * The filter that matches one channel for every locker, for the console's subscriptions;
 * with `shareGroup`, an MQTT 5 shared subscription so that each message reaches one API replica.
 */
export function buildChannelFilter(channel: TerminalChannel, shareGroup?: string): string {
  const filter = TERMINAL_CHANNEL_ADDRESSES[channel].replace(/\{[a-z_]+\}/g, '+');
  return shareGroup ? `$share/${requireLevel('share group', shareGroup)}/${filter}` : filter;
}

export type ParsedTerminalTopic =
  | { channel: LockerChannel; lockerUuid: string }
  | { channel: 'provisioningRegister'; provisioningToken: string }
  | { channel: 'provisioningReply'; clientId: string };

/**
 * Which channel a concrete topic belongs to, and its parameter; undefined for any topic outside
 * the contract. Enrolment topics are recognised first: a locker UUID can never be "register".
 */
export function parseTerminalTopic(topic: string): ParsedTerminalTopic | undefined {
  const levels = topic.split('/');
  if (levels[0] !== 'locker') return undefined;
  if (levels.length === 3 && levels[1] === 'register') {
    return isSafeTopicLevel(levels[2]) ? { channel: 'provisioningRegister', provisioningToken: levels[2] } : undefined;
  }
  if (levels.length === 4 && levels[1] === 'provisioning' && levels[2] === 'reply') {
    return isSafeTopicLevel(levels[3]) ? { channel: 'provisioningReply', clientId: levels[3] } : undefined;
  }
  const lockerUuid = levels[1];
  if (lockerUuid === undefined || !isLockerUuid(lockerUuid)) return undefined;
  const suffix = levels.slice(2).join('/');
  const channel = (Object.keys(LOCKER_SUFFIXES) as LockerChannel[]).find((name) => LOCKER_SUFFIXES[name] === suffix);
  return channel ? { channel, lockerUuid } : undefined;
}
