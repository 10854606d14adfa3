import { z } from 'zod';
import {
  applyAccessCodesCommandSchema,
  applyConfigCommandSchema,
  openCompartmentCommandSchema,
  rebootCommandSchema,
  restartAppCommandSchema,
  softwareUpdateCommandSchema,
  syncCommandSchema,
} from './commands';
import { type ContractOrigin, readOrigin } from './envelope';
import {
  deviceEventSchema,
  doorClosedEventSchema,
  doorOpenedEventSchema,
  doorOpenedWithoutCommandEventSchema,
  offlineBatchEventSchema,
  parcelDepositedEventSchema,
  parcelTakenEventSchema,
  softwareUpdateProgressEventSchema,
  versionsEventSchema,
} from './events';
import {
  operatorActionEventSchema,
  operatorSessionReplySchema,
  operatorSignInEventSchema,
  operatorSignOutEventSchema,
} from './operator-session';
import { provisioningErrorReplySchema, provisioningRequestSchema, provisioningSuccessReplySchema } from './provisioning';
import { applyConfigSuccessResponseSchema, commandErrorResponseSchema, commandSuccessResponseSchema } from './responses';
import { compartmentsSnapshotSchema, connectionLostStateSchema, heartbeatStateSchema } from './state';
import { parseTerminalTopic, TERMINAL_CHANNEL_ADDRESSES, type TerminalChannel } from './topics';

/** Who is on each end of a channel. 'broker' publishes the last will on the terminal's behalf. */
export type TerminalParty = 'console' | 'terminal' | 'bootstrap' | 'broker';

export interface TerminalContractMessage {
  schema: z.ZodType;
  origin: ContractOrigin;
  title: string;
}

export interface TerminalContractChannel {
  address: string;
  /** The channel's topic is Open-Locker's; its messages may still be ours (see each message). */
  origin: ContractOrigin;
  /** Seen from the terminal: 'to-terminal' is published by the console. */
  direction: 'to-terminal' | 'from-terminal';
  publisher: TerminalParty;
  subscriber: TerminalParty;
  retained: boolean;
  qos: 0 | 1 | 2;
  description: string;
  messages: Record<string, TerminalContractMessage>;
  /** Which message a payload claims to be, by its discriminating field; a reason when it names none. */
  selectMessage: (payload: Record<string, unknown>) => string | { reason: string };
}

function message(schema: z.ZodType): TerminalContractMessage {
  const meta = schema.meta() ?? {};
  return { schema, origin: readOrigin(schema) ?? 'open-locker', title: String(meta.title ?? '') };
}

const COMMAND_MESSAGES: Record<string, string> = {
  open_compartment: 'openCompartmentCommand',
  apply_config: 'applyConfigCommand',
  reboot: 'rebootCommand',
  restart_app: 'restartAppCommand',
  sync: 'syncCommand',
  software_update: 'softwareUpdateCommand',
  apply_access_codes: 'applyAccessCodesCommand',
  operator_session: 'operatorSessionReply',
};

const EVENT_MESSAGES: Record<string, string> = {
  door_opened: 'doorOpenedEvent',
  door_closed: 'doorClosedEvent',
  door_opened_without_command: 'doorOpenedWithoutCommandEvent',
  parcel_deposited: 'parcelDepositedEvent',
  parcel_taken: 'parcelTakenEvent',
  versions: 'versionsEvent',
  software_update_progress: 'softwareUpdateProgressEvent',
  offline_batch: 'offlineBatchEvent',
  operator_sign_in: 'operatorSignInEvent',
  operator_action: 'operatorActionEvent',
  operator_sign_out: 'operatorSignOutEvent',
};

const single = (name: string) => () => name;

/**
 * The terminal link, declared once: every channel with its topic, direction, retain flag, QoS
 * and messages (zod schemas carrying their origin). The API, the simulator, the tests and the
 * AsyncAPI document (docs/terminal-contract.asyncapi.yaml, generated from this) all read it.
 */
export const terminalContract = {
  channels: {
    lockerCommand: {
      address: TERMINAL_CHANNEL_ADDRESSES.lockerCommand,
      origin: 'open-locker',
      direction: 'to-terminal',
      publisher: 'console',
      subscriber: 'terminal',
      retained: false,
      qos: 1,
      description:
        'Commands to one locker, each with a transaction_id. The terminal answers once on its response topic and ignores a transaction_id it has already seen; any action it does not know is answered INVALID_COMMAND.',
      messages: {
        openCompartmentCommand: message(openCompartmentCommandSchema),
        applyConfigCommand: message(applyConfigCommandSchema),
        rebootCommand: message(rebootCommandSchema),
        restartAppCommand: message(restartAppCommandSchema),
        syncCommand: message(syncCommandSchema),
        softwareUpdateCommand: message(softwareUpdateCommandSchema),
        applyAccessCodesCommand: message(applyAccessCodesCommandSchema),
        operatorSessionReply: message(operatorSessionReplySchema),
      },
      selectMessage: (payload) =>
        typeof payload.action === 'string' && COMMAND_MESSAGES[payload.action]
          ? COMMAND_MESSAGES[payload.action]
          : {
              reason: `action ${JSON.stringify(payload.action)} is not a command of this contract (a terminal answers it INVALID_COMMAND)`,
            },
    },
    lockerResponse: {
      address: TERMINAL_CHANNEL_ADDRESSES.lockerResponse,
      origin: 'open-locker',
      direction: 'from-terminal',
      publisher: 'terminal',
      subscriber: 'console',
      retained: false,
      qos: 1,
      description: 'One answer per command, tied to it by transaction_id. No answer within the time-out means "outcome unknown".',
      messages: {
        commandSuccessResponse: message(commandSuccessResponseSchema),
        applyConfigSuccessResponse: message(applyConfigSuccessResponseSchema),
        commandErrorResponse: message(commandErrorResponseSchema),
      },
      selectMessage: (payload) => {
        if (payload.result === 'error') return 'commandErrorResponse';
        if (payload.result !== 'success') return { reason: `result must be "success" or "error", got ${JSON.stringify(payload.result)}` };
        return payload.action === 'apply_config' ? 'applyConfigSuccessResponse' : 'commandSuccessResponse';
      },
    },
    lockerEvent: {
      address: TERMINAL_CHANNEL_ADDRESSES.lockerEvent,
      origin: 'open-locker',
      direction: 'from-terminal',
      publisher: 'terminal',
      subscriber: 'console',
      retained: false,
      qos: 1,
      description:
        "Events the terminal sends on its own. The topic and envelope are Open-Locker's (reserved there); the named events are ebox extensions, and any other name is accepted as a generic device event.",
      messages: {
        deviceEvent: message(deviceEventSchema),
        doorOpenedEvent: message(doorOpenedEventSchema),
        doorClosedEvent: message(doorClosedEventSchema),
        doorOpenedWithoutCommandEvent: message(doorOpenedWithoutCommandEventSchema),
        parcelDepositedEvent: message(parcelDepositedEventSchema),
        parcelTakenEvent: message(parcelTakenEventSchema),
        versionsEvent: message(versionsEventSchema),
        softwareUpdateProgressEvent: message(softwareUpdateProgressEventSchema),
        offlineBatchEvent: message(offlineBatchEventSchema),
        operatorSignInEvent: message(operatorSignInEventSchema),
        operatorActionEvent: message(operatorActionEventSchema),
        operatorSignOutEvent: message(operatorSignOutEventSchema),
      },
      selectMessage: (payload) => (typeof payload.event === 'string' && EVENT_MESSAGES[payload.event]) || 'deviceEvent',
    },
    lockerStateHeartbeat: {
      address: TERMINAL_CHANNEL_ADDRESSES.lockerStateHeartbeat,
      origin: 'open-locker',
      direction: 'from-terminal',
      publisher: 'terminal',
      subscriber: 'console',
      retained: false,
      qos: 1,
      description: 'Sent right after connecting and then every heartbeat_interval_seconds; three missed in a row mean offline.',
      messages: { heartbeatState: message(heartbeatStateSchema) },
      selectMessage: single('heartbeatState'),
    },
    lockerStateCompartments: {
      address: TERMINAL_CHANNEL_ADDRESSES.lockerStateCompartments,
      origin: 'open-locker',
      direction: 'from-terminal',
      publisher: 'terminal',
      subscriber: 'console',
      retained: true,
      qos: 1,
      description: 'Retained full snapshot of every compartment door, published after the first poll and whenever a door changes.',
      messages: { snapshotState: message(compartmentsSnapshotSchema) },
      selectMessage: single('snapshotState'),
    },
    lockerStateConnection: {
      address: TERMINAL_CHANNEL_ADDRESSES.lockerStateConnection,
      origin: 'open-locker',
      direction: 'from-terminal',
      publisher: 'broker',
      subscriber: 'console',
      retained: false,
      qos: 1,
      description: "The terminal's MQTT last will, published by the broker when it drops; marks the locker offline at once.",
      messages: { connectionLostState: message(connectionLostStateSchema) },
      selectMessage: single('connectionLostState'),
    },
    provisioningRegister: {
      address: TERMINAL_CHANNEL_ADDRESSES.provisioningRegister,
      origin: 'open-locker',
      direction: 'from-terminal',
      publisher: 'bootstrap',
      subscriber: 'console',
      retained: false,
      qos: 1,
      description: 'A device holding a one-time token asks for its credentials, connected as the shared bootstrap user.',
      messages: { provisioningRequest: message(provisioningRequestSchema) },
      selectMessage: single('provisioningRequest'),
    },
    provisioningReply: {
      address: TERMINAL_CHANNEL_ADDRESSES.provisioningReply,
      origin: 'open-locker',
      direction: 'to-terminal',
      publisher: 'console',
      subscriber: 'bootstrap',
      retained: false,
      qos: 1,
      description:
        "The answer to a registration: the locker's own credentials, or why the token was refused. Only the client with that id may read it.",
      messages: {
        provisioningSuccessReply: message(provisioningSuccessReplySchema),
        provisioningErrorReply: message(provisioningErrorReplySchema),
      },
      selectMessage: (payload) =>
        payload.status === 'success'
          ? 'provisioningSuccessReply'
          : payload.status === 'error'
            ? 'provisioningErrorReply'
            : { reason: `status must be "success" or "error", got ${JSON.stringify(payload.status)}` },
    },
  },
} as const satisfies { channels: Record<TerminalChannel, TerminalContractChannel> };

export type TerminalValidation =
  | { ok: true; channel: TerminalChannel; message: string; origin: ContractOrigin; data: Record<string, unknown> }
  | { ok: false; channel: TerminalChannel; message?: string; reason: string };

/**
 * Checks a payload against the contract for one channel: picks the message it claims to be and
 * validates it. The reason names the message and every field at fault, for logs and tests.
 */
export function validateTerminalMessage(channel: TerminalChannel, payload: unknown): TerminalValidation {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, channel, reason: 'a message must be a JSON object' };
  }
  const definition: TerminalContractChannel = terminalContract.channels[channel];
  const selected = definition.selectMessage(payload as Record<string, unknown>);
  if (typeof selected !== 'string') return { ok: false, channel, reason: selected.reason };
  const entry = definition.messages[selected];
  const result = entry.schema.safeParse(payload);
  if (!result.success) return { ok: false, channel, message: selected, reason: `${selected}: ${z.prettifyError(result.error)}` };
  return { ok: true, channel, message: selected, origin: entry.origin, data: result.data as Record<string, unknown> };
}

/**
 * Parses a raw MQTT message (topic and bytes or text) into a validated contract message, or a
 * reason: a topic outside the contract, text that is not JSON, or a payload that breaks the schema.
 */
export function parseTerminalMessage(
  topic: string,
  payload: string | Uint8Array,
): (TerminalValidation & { topic: ReturnType<typeof parseTerminalTopic> }) | { ok: false; reason: string; topic: undefined } {
  const parsedTopic = parseTerminalTopic(topic);
  if (!parsedTopic) return { ok: false, reason: `topic ${JSON.stringify(topic)} is not part of the terminal contract`, topic: undefined };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return { ok: false, channel: parsedTopic.channel, reason: 'the payload is not valid JSON', topic: parsedTopic };
  }
  return { ...validateTerminalMessage(parsedTopic.channel, json), topic: parsedTopic };
}
