import { z } from 'zod';
import { EBOX_ACTIONS } from '../entities/enums';
import { LOCKER_ACCESSES } from '../orders/parcel-events';
import type { Permission } from '../permissions';
import { compartmentNumberSchema, describeOrigin, envelopeShape, timestampSchema, transactionIdSchema } from './envelope';

/**
 * Commands the console publishes on `locker/{uuid}/command`. Open-Locker defines
 * open_compartment and apply_config; the rest are our extensions in the same envelope. A device
 * that does not know an action answers INVALID_COMMAND, which the console shows as "not
 * supported" (see classifyTerminalResponse), never as a broken terminal.
 */

/** The heartbeat interval the console asks for in apply_config (Open-Locker's device defaults to 15 s). */
export const CONSOLE_HEARTBEAT_INTERVAL_SECONDS = 10;
/** A locker is offline once this many heartbeats in a row have not arrived (or at once on its last will). */
export const OFFLINE_AFTER_MISSED_HEARTBEATS = 3;

const commandShape = {
  ...envelopeShape,
  transaction_id: transactionIdSchema,
};

/** One entry of the mapping: compartment number → relay board (Modbus slave id) and channel. */
export const compartmentMappingEntrySchema = z
  .strictObject({
    compartment_number: compartmentNumberSchema,
    slaveId: z.int().min(1, 'slaveId (the relay board, our boardNumber) must be an integer ≥ 1'),
    address: z.int().min(0, 'address (the relay channel, our comNumber) must be an integer ≥ 0'),
  })
  .meta(describeOrigin('open-locker', 'Compartment mapping entry'));
export type CompartmentMappingEntry = z.infer<typeof compartmentMappingEntrySchema>;

export const configHashSchema = z.string().regex(/^[A-Fa-f0-9]{64}$/, 'config_hash must be 64 hexadecimal characters (SHA-256)');

export const openCompartmentCommandSchema = z
  .looseObject({
    ...commandShape,
    action: z.literal('open_compartment'),
    data: z.looseObject({ compartment_number: compartmentNumberSchema }),
  })
  .meta(
    describeOrigin(
      'open-locker',
      'Open compartment',
      'Pulses the relay of one compartment. Success means the pulse was sent; the door state shows in the next snapshot.',
    ),
  );

export const applyConfigCommandSchema = z
  .looseObject({
    ...commandShape,
    action: z.literal('apply_config'),
    data: z.looseObject({
      config_hash: configHashSchema,
      heartbeat_interval_seconds: z.int().min(1, 'heartbeat_interval_seconds must be an integer ≥ 1'),
      compartments: z.array(compartmentMappingEntrySchema),
    }),
  })
  .meta(
    describeOrigin(
      'open-locker',
      'Apply configuration',
      'The mapping from compartment numbers to relay board and channel, and the heartbeat interval. The device recomputes config_hash and refuses a mismatch with INVALID_CONFIG.',
    ),
  );

export const rebootCommandSchema = z
  .looseObject({ ...commandShape, action: z.literal('reboot'), data: z.looseObject({}) })
  .meta(describeOrigin('ebox', 'Reboot', 'Restarts the terminal computer. Answered before it goes down.'));

export const restartAppCommandSchema = z
  .looseObject({ ...commandShape, action: z.literal('restart_app'), data: z.looseObject({}) })
  .meta(describeOrigin('ebox', 'Restart app', 'Restarts the terminal application without rebooting the computer.'));

export const syncCommandSchema = z
  .looseObject({ ...commandShape, action: z.literal('sync'), data: z.looseObject({}) })
  .meta(
    describeOrigin(
      'ebox',
      'Sync',
      'Asks the terminal to publish its state again: a fresh compartments snapshot, its versions, and any events it still holds from a time offline.',
    ),
  );

export const softwareUpdateCommandSchema = z
  .looseObject({
    ...commandShape,
    action: z.literal('software_update'),
    data: z.looseObject({
      version: z.string().min(1, 'version must be a non-empty string'),
      url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) address of the package' }),
      sha256: z
        .string()
        .regex(/^[A-Fa-f0-9]{64}$/, 'sha256 must be 64 hexadecimal characters')
        .optional(),
    }),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Software update',
      'Downloads and installs a terminal application version; the terminal answers when the install is done and then reports its versions.',
    ),
  );

/**
 * One live order's code as the terminal holds it: the compartment it opens (none for an order not
 * booked ahead: it opens a free one), what it allows there now (the lifecycle machine's answer,
 * packages/domain/src/orders/parcel-events.ts) and the order it belongs to. Only what a keypad check
 * and its event need: no names, phones or addresses.
 */
export const accessCodeEntrySchema = z
  .strictObject({
    compartment_number: compartmentNumberSchema.optional(),
    access_code: z.string().min(1, 'access_code must be a non-empty string'),
    allows: z.enum(LOCKER_ACCESSES, { error: `allows must be ${LOCKER_ACCESSES.join(' or ')}` }),
    order_id: z.string().min(1, 'order_id must be a non-empty string'),
    tracking_code: z.string().min(1).optional(),
  })
  .meta(describeOrigin('ebox', 'Access code'));
export type AccessCodeEntry = z.infer<typeof accessCodeEntrySchema>;

export const applyAccessCodesCommandSchema = z
  .looseObject({
    ...commandShape,
    action: z.literal('apply_access_codes'),
    data: z.looseObject({
      /** When the console read the list: a terminal keeps the newest list it was given and drops an older one arriving late. */
      as_of: timestampSchema,
      codes: z.array(accessCodeEntrySchema).superRefine((codes, ctx) => {
        const seen = new Set<string>();
        codes.forEach((entry, index) => {
          if (seen.has(entry.access_code))
            ctx.addIssue({
              code: 'custom',
              path: [index, 'access_code'],
              message: 'an access code opens one compartment: it appears once',
            });
          seen.add(entry.access_code);
        });
      }),
    }),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Apply access codes',
      "The full list of the locker's live orders' access codes, never a change to it: the terminal replaces what it held, so it checks a code typed at its keypad on its own, offline too, and is right again at once after reconnecting. Sent when an order of the locker changes and when it comes online.",
    ),
  );

export const terminalCommandSchemas = {
  open_compartment: openCompartmentCommandSchema,
  apply_config: applyConfigCommandSchema,
  reboot: rebootCommandSchema,
  restart_app: restartAppCommandSchema,
  sync: syncCommandSchema,
  software_update: softwareUpdateCommandSchema,
  apply_access_codes: applyAccessCodesCommandSchema,
} as const;

export type TerminalAction = keyof typeof terminalCommandSchemas;
export const TERMINAL_ACTIONS = Object.keys(terminalCommandSchemas) as TerminalAction[];
/** Actions an Open-Locker device understands; any other is answered INVALID_COMMAND. */
export const OPEN_LOCKER_ACTIONS = ['open_compartment', 'apply_config'] as const satisfies readonly TerminalAction[];
/** Our extensions, which a plain Open-Locker device does not support. */
export { EBOX_ACTIONS };

// The extension actions are named once (entities/enums.ts); each must be a declared command.
EBOX_ACTIONS satisfies readonly TerminalAction[];

export const terminalCommandSchema = z.discriminatedUnion('action', [
  openCompartmentCommandSchema,
  applyConfigCommandSchema,
  rebootCommandSchema,
  restartAppCommandSchema,
  syncCommandSchema,
  softwareUpdateCommandSchema,
  applyAccessCodesCommandSchema,
]);
export type TerminalCommand = z.infer<typeof terminalCommandSchema>;
export type TerminalCommandOf<A extends TerminalAction> = z.infer<(typeof terminalCommandSchemas)[A]>;

export function isTerminalAction(action: unknown): action is TerminalAction {
  return typeof action === 'string' && Object.hasOwn(terminalCommandSchemas, action);
}

export function isEboxExtensionAction(action: string): boolean {
  return (EBOX_ACTIONS as readonly string[]).includes(action);
}

/**
 * The permission (spec 6) a person needs to send an action from the console. apply_config,
 * apply_access_codes and software_update are sent by the console itself (after enrolment, on a
 * configuration, order or release change), never directly by a person, so they have none here.
 */
export const TERMINAL_ACTION_PERMISSIONS = {
  open_compartment: 'compartimentOpen',
  reboot: 'eboxReboot',
  restart_app: 'eboxRestartApp',
  sync: 'eboxSync',
} as const satisfies Partial<Record<TerminalAction, Permission>>;
