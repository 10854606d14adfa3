import { z } from 'zod';
import { EBOX_ACTIONS } from '../entities/enums';
import { LOCKER_ACCESSES } from '../orders/parcel-events';
import type { Permission } from '../permissions';
import { compartmentNumberSchema, describeOrigin, envelopeShape, timestampSchema, transactionIdSchema } from './envelope';
import { softwareUpdateDataSchema } from './software-update';

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
    data: softwareUpdateDataSchema,
  })
  .meta(
    describeOrigin(
      'ebox',
      'Software update',
      "Downloads a release's build (application version or UI build) from a signed URL valid 1 h, checks its SHA-256 and size, and installs it only inside the maintenance window and while no door is open and no deposit or pickup is under way. The answer says the command was taken (or that this release is already under way: the same release is never downloaded twice); software_update_progress events follow. A terminal that answers INVALID_COMMAND predates updates and is shown as not updatable.",
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

const runParcelShape = {
  order_id: z.string().min(1, 'order_id must be a non-empty string'),
  tracking_code: z.string().min(1, 'tracking_code must be a non-empty string'),
};

/**
 * A courier's run at this locker (issue 30, item 3): the code a packing gives its courier, the
 * window it works in (the terminal checks it with its own clock, offline too), the parcels to
 * deposit here (each into its planned compartment, or a free one of its size when none is planned)
 * and the parcels to collect (expired ones and returns, each in its compartment). The terminal
 * reports what the courier did with parcel_deposited and parcel_taken carrying `access_code` = the
 * run code and the parcel's `tracking_code`; it holds only this locker's part of the run.
 */
export const courierRunEntrySchema = z
  .strictObject({
    run_code: z.string().min(1, 'run_code must be a non-empty string'),
    packing_id: z.string().min(1, 'packing_id must be a non-empty string'),
    valid_from: timestampSchema,
    valid_until: timestampSchema,
    deposits: z.array(
      z.strictObject({
        ...runParcelShape,
        compartment_number: compartmentNumberSchema.optional(),
        /** The compartment size a parcel without a planned compartment needs. */
        size: z.string().min(1).optional(),
      }),
    ),
    collections: z.array(z.strictObject({ ...runParcelShape, compartment_number: compartmentNumberSchema })),
  })
  .meta(describeOrigin('ebox', 'Courier run'));
export type CourierRunEntry = z.infer<typeof courierRunEntrySchema>;

export const applyAccessCodesCommandSchema = z
  .looseObject({
    ...commandShape,
    action: z.literal('apply_access_codes'),
    data: z
      .looseObject({
        /** When the console read the list: a terminal keeps the newest list it was given and drops an older one arriving late. */
        as_of: timestampSchema,
        codes: z.array(accessCodeEntrySchema),
        /** The couriers' runs through this locker (absent: none; a terminal that predates runs ignores it). */
        runs: z.array(courierRunEntrySchema).optional(),
      })
      .superRefine((data, ctx) => {
        // A code typed at the keypad must name one thing: an order's compartment or one run.
        const seen = new Set<string>();
        const claim = (code: string, path: (string | number)[], message: string) => {
          if (seen.has(code)) ctx.addIssue({ code: 'custom', path, message });
          seen.add(code);
        };
        data.codes.forEach((entry, index) => {
          claim(entry.access_code, ['codes', index, 'access_code'], 'an access code opens one compartment: it appears once');
        });
        data.runs?.forEach((run, index) => {
          claim(run.run_code, ['runs', index, 'run_code'], 'a run code names one run and is no order’s access code');
        });
      }),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Apply access codes',
      "The full list of the locker's live orders' access codes and of the couriers' runs through it, never a change to them: the terminal replaces what it held, so it checks a code typed at its keypad on its own, offline too, and is right again at once after reconnecting. Sent when an order or a run of the locker changes and when it comes online.",
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
