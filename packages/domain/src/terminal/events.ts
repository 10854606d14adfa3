import { z } from 'zod';
import { OS_APPLICATIONS } from '../entities/version';
import { compartmentNumberSchema, describeOrigin, envelopeShape, transactionIdSchema } from './envelope';
import { ACCESS_CODE_INPUTS } from './qr-code';
import { softwareUpdateProgressDataSchema } from './software-update';

/**
 * Events a terminal sends on its own on `locker/{uuid}/event`. The envelope (event, optional
 * event_id, data) is Open-Locker's, which reserves the topic without defining events yet; every
 * named event below is our extension. An event whose name we do not know (a newer Open-Locker
 * device's) still validates as a generic device event, so it is logged rather than rejected.
 *
 * Each event keeps the message_id and timestamp it was given when it happened: the console drops
 * a message_id it has seen, and an event replayed after a time offline keeps its original time.
 */
const eventShape = {
  ...envelopeShape,
  event_id: z.string().min(1).optional(),
};

const doorData = { compartment_number: compartmentNumberSchema };

export const doorOpenedEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('door_opened'),
    data: z.looseObject({
      ...doorData,
      /** The command that opened it, when one did. */
      transaction_id: transactionIdSchema.optional(),
    }),
  })
  .meta(describeOrigin('ebox', 'Door opened', 'A compartment door was seen open after a command or a local action (keypad, access code).'));

export const doorClosedEventSchema = z
  .looseObject({ ...eventShape, event: z.literal('door_closed'), data: z.looseObject(doorData) })
  .meta(describeOrigin('ebox', 'Door closed'));

export const doorOpenedWithoutCommandEventSchema = z
  .looseObject({ ...eventShape, event: z.literal('door_opened_without_command'), data: z.looseObject(doorData) })
  .meta(
    describeOrigin(
      'ebox',
      'Door opened without a command',
      'The door opened with no command or local action behind it: forced or a faulty lock.',
    ),
  );

const accessCodeSchema = z.string().min(1, 'access_code must be a non-empty string');
/**
 * How the code was given (optional, so older terminals stay valid): typed at the keypad, or read by
 * the scanner from an order's QR code (`EBOX1:<access_code>`, decoded by the terminal: access_code is
 * the code itself either way, checked against the same apply_access_codes list).
 */
const accessCodeInputSchema = z
  .enum(ACCESS_CODE_INPUTS, { error: 'input must be keypad or qr' })
  .describe(
    "How access_code was given: typed at the keypad, or scanned from an order's QR code, whose text is EBOX1:<access_code> and which the terminal decodes before using the code exactly as a typed one. Absent: not said (keypad).",
  )
  .optional();

/**
 * An ebox extension of a parcel event: the session of the person signed in at the screen who did it
 * (operator_session), so the console records it under their name (docs/terminal-people.md).
 */
const operatorSessionOfParcel = z
  .string()
  .min(1)
  .max(100)
  .describe(
    'The session_id of the person signed in at the screen who did this (operator_session): recorded under their name. Absent: nobody was signed in.',
  )
  .optional();

export const parcelDepositedEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('parcel_deposited'),
    data: z.looseObject({
      ...doorData,
      /** The code typed or scanned at the terminal to open the compartment. */
      access_code: accessCodeSchema,
      tracking_code: z.string().min(1).optional(),
      input: accessCodeInputSchema,
      session_id: operatorSessionOfParcel,
    }),
  })
  .meta(describeOrigin('ebox', 'Parcel deposited', 'A courier or customer left a parcel, with the access code used.'));

export const parcelTakenEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('parcel_taken'),
    data: z.looseObject({
      ...doorData,
      access_code: accessCodeSchema,
      tracking_code: z.string().min(1).optional(),
      input: accessCodeInputSchema,
      session_id: operatorSessionOfParcel,
    }),
  })
  .meta(describeOrigin('ebox', 'Parcel taken', 'A customer or courier took a parcel out, with the access code used.'));

/** The operating systems spec 4.1 knows for a locker. */
export const TERMINAL_OS = OS_APPLICATIONS;

export const versionsEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('versions'),
    data: z.looseObject({
      application: z.string().min(1, 'application must be a non-empty string'),
      application_version: z.string().min(1, 'application_version must be a non-empty string'),
      os: z.enum(TERMINAL_OS, { error: 'os must be windows, linux or mac' }),
      os_version: z.string().min(1, 'os_version must be a non-empty string'),
      /** The identification of the terminal UI build running (absent: a terminal that does not report it). */
      ui_version: z.string().min(1, 'ui_version must be a non-empty string').optional(),
    }),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Versions',
      "The terminal's software and OS versions (and its UI build's), sent after connecting and after an update: a version changes only once its install succeeded.",
    ),
  );

export const softwareUpdateProgressEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('software_update_progress'),
    data: softwareUpdateProgressDataSchema,
  })
  .meta(
    describeOrigin(
      'ebox',
      'Software update progress',
      'Where a software_update stands on the terminal: downloading, downloaded, waiting-idle (outside the maintenance window, a door open, a deposit or pickup under way), installing, then succeeded, already-installed or failed with its reason. Each names its release and attempt and carries a sequence that grows per release, so the console drops a replayed or late one. After succeeded a versions event reports the new version.',
    ),
  );

const EBOX_SINGLE_EVENTS = [
  doorOpenedEventSchema,
  doorClosedEventSchema,
  doorOpenedWithoutCommandEventSchema,
  parcelDepositedEventSchema,
  parcelTakenEventSchema,
  versionsEventSchema,
  softwareUpdateProgressEventSchema,
] as const;
const EBOX_SINGLE_EVENT_NAMES: readonly string[] = EBOX_SINGLE_EVENTS.map((s) => s.shape.event.value);

/** Any event name outside ours: Open-Locker's envelope, payload unchecked beyond it. */
export const deviceEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.string().min(1, 'event must be a non-empty string'),
    data: z.looseObject({}).optional(),
  })
  .meta(describeOrigin('open-locker', 'Device event', "Open-Locker's generic event envelope, for events not defined by this contract."));

/** One of our events, as it appears on its own or inside an offline batch. */
export const eboxSingleEventSchema = z.discriminatedUnion('event', [...EBOX_SINGLE_EVENTS]);

/** An event inside an offline batch: one of ours, or an unknown one in Open-Locker's envelope. */
function parseBatchedEvent(value: unknown, ctx: z.RefinementCtx, index: number) {
  const name = (value as { event?: unknown } | null)?.event;
  const schema = typeof name === 'string' && EBOX_SINGLE_EVENT_NAMES.includes(name) ? eboxSingleEventSchema : deviceEventSchema;
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: ['data', 'events', index, ...issue.path] } as never);
  }
}

export const offlineBatchEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('offline_batch'),
    data: z.looseObject({
      /** Events recorded while offline, oldest first, each with its own message_id and original timestamp. */
      events: z.array(z.union([eboxSingleEventSchema, deviceEventSchema])).min(1, 'an offline batch holds at least one event'),
    }),
  })
  .superRefine((batch, ctx) => {
    batch.data.events.forEach((inner, index) => {
      if (inner.event === 'offline_batch') {
        ctx.addIssue({
          code: 'custom',
          path: ['data', 'events', index, 'event'],
          message: 'an offline batch cannot contain another batch',
        });
      }
      parseBatchedEvent(inner, ctx, index);
      const previous = batch.data.events[index - 1];
      if (previous && Date.parse(inner.timestamp) < Date.parse(previous.timestamp)) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', 'events', index, 'timestamp'],
          message: 'offline events must be in the order they happened (timestamps not decreasing)',
        });
      }
    });
  })
  .meta(
    describeOrigin(
      'ebox',
      'Offline batch',
      'Events recorded while the terminal was offline, sent once it is back, oldest first with their original message_id and timestamp; the console replays them in that order and drops the ones it has already seen.',
    ),
  );

/** Event names this contract defines (all ebox extensions). */
export const EBOX_EVENT_NAMES = [...EBOX_SINGLE_EVENT_NAMES, 'offline_batch'] as const;
export type EboxEventName = z.infer<typeof eboxSingleEventSchema>['event'] | 'offline_batch';

export function isEboxEventName(name: unknown): name is EboxEventName {
  return typeof name === 'string' && (EBOX_EVENT_NAMES as readonly string[]).includes(name);
}

export type SoftwareUpdateProgressEvent = z.infer<typeof softwareUpdateProgressEventSchema>;
export type EboxSingleEvent = z.infer<typeof eboxSingleEventSchema>;
export type OfflineBatchEvent = z.infer<typeof offlineBatchEventSchema>;
export type DeviceEvent = z.infer<typeof deviceEventSchema>;
export type TerminalEvent = EboxSingleEvent | OfflineBatchEvent | DeviceEvent;
