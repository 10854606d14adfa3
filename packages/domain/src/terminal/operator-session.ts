import { z } from 'zod';
import { TERMINAL_PERSON_PERMISSIONS, type TerminalPermission } from '../permissions';
import { compartmentNumberSchema, describeOrigin, envelopeShape, transactionIdSchema } from './envelope';

/**
 * The people at a locker's screen (issue 33, item 1; docs/terminal-people.md): an operator signs
 * in at the terminal with their PIN or the QR code of their profile, the console answers with the
 * rights that person holds at that locker and a session id, and every action the terminal then
 * reports with that session id is checked against those rights and audited under that person.
 *
 * Ebox extensions carried on Open-Locker's topics, as every other extension: the terminal asks on
 * its event topic (`operator_sign_in`, `operator_action`, `operator_sign_out`) and the console
 * answers on the only topic the terminal reads, its command topic (`operator_session`, tied to the
 * request by transaction_id = the request's request_id). The terminal does not answer
 * `operator_session` on its response topic: it is the answer.
 */

/** How long a session at a terminal lasts from its sign-in; the terminal signs the person out then. */
export const OPERATOR_SESSION_MINUTES = 30;
/** Failed sign-ins that close the door for a while: per person (whatever locker), and per locker (whoever). */
export const OPERATOR_SIGN_IN_LIMITS = { perUser: 5, perLocker: 20, windowMinutes: 15 } as const;
/** A profile's QR code is good for this long, then the profile draws a new one. */
export const OPERATOR_QR_TOKEN_MINUTES = 5;
/** A personal PIN: digits only, as a touchscreen's keypad types them. */
export const OPERATOR_PIN_PATTERN = /^[0-9]{4,8}$/;

const eventShape = { ...envelopeShape, event_id: z.string().min(1).optional() };
const requestIdSchema = z.string().min(1, 'request_id must be a non-empty string').max(100);
const sessionIdSchema = z.string().min(1, 'session_id must be a non-empty string').max(100);

export const OPERATOR_SIGN_IN_METHODS = ['pin', 'qr'] as const;

export const operatorSignInEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('operator_sign_in'),
    data: z
      .looseObject({
        /** The terminal's own id for this attempt: the answer carries it back as transaction_id. */
        request_id: requestIdSchema,
        method: z.enum(OPERATOR_SIGN_IN_METHODS, { error: 'method must be pin or qr' }),
        /** With a PIN: who signs in, by user id or e-mail. */
        user: z.string().min(1).max(255).optional(),
        pin: z.string().regex(OPERATOR_PIN_PATTERN, 'pin must be 4 to 8 digits').optional(),
        /** With a QR code: the token the profile's QR code holds, as the scanner read it. */
        qr_token: z.string().min(1).max(2000).optional(),
      })
      .superRefine((data, ctx) => {
        if (data.method === 'pin' && (!data.user || !data.pin)) {
          ctx.addIssue({ code: 'custom', path: ['pin'], message: 'a PIN sign-in carries user and pin' });
        }
        if (data.method === 'qr' && !data.qr_token) {
          ctx.addIssue({ code: 'custom', path: ['qr_token'], message: 'a QR sign-in carries qr_token' });
        }
      }),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Operator sign-in',
      "A person asks to work at the locker's screen, with their user (id or e-mail) and personal PIN, or the QR code of their console profile. Answered by operator_session on the command topic.",
    ),
  );

/** What a person did at the screen, each needing one right (OPERATOR_ACTION_PERMISSIONS). */
export const OPERATOR_ACTIONS = [
  'compartment_test',
  'compartment_open',
  'compartment_lock',
  'compartment_release',
  'maintenance_start',
  'reboot',
  'restart_app',
  'update_version',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const OPERATOR_ACTION_PERMISSIONS = {
  compartment_test: 'terminalCompartmentTest',
  compartment_open: 'terminalCompartmentOpen',
  compartment_lock: 'terminalCompartmentEdit',
  compartment_release: 'terminalCompartmentEdit',
  maintenance_start: 'terminalMaintenance',
  reboot: 'terminalReboot',
  restart_app: 'terminalRestartApp',
  update_version: 'terminalUpdateVersion',
} as const satisfies Record<OperatorAction, TerminalPermission>;

/**
 * The rights a person's parcel event needs (a parcel_deposited or parcel_taken under their session):
 * storing one, or any of the ways a parcel leaves at the screen (a customer's collection, a courier
 * collecting pending, expired or returned parcels).
 */
export const OPERATOR_PARCEL_PERMISSIONS = {
  parcel_deposited: ['terminalOrderStore'],
  parcel_taken: ['terminalCustomerCollect', 'terminalCollectPending', 'terminalOrderExpired', 'terminalOrderReturned'],
} as const satisfies Record<'parcel_deposited' | 'parcel_taken', readonly TerminalPermission[]>;

/** The actions about one compartment: they name it. */
export const OPERATOR_COMPARTMENT_ACTIONS: readonly OperatorAction[] = [
  'compartment_test',
  'compartment_open',
  'compartment_lock',
  'compartment_release',
];

export const operatorActionEventSchema = z
  .looseObject({
    ...eventShape,
    event: z.literal('operator_action'),
    data: z
      .looseObject({
        session_id: sessionIdSchema,
        action: z.enum(OPERATOR_ACTIONS, { error: `action must be one of ${OPERATOR_ACTIONS.join(', ')}` }),
        compartment_number: compartmentNumberSchema.optional(),
      })
      .superRefine((data, ctx) => {
        if (OPERATOR_COMPARTMENT_ACTIONS.includes(data.action) && data.compartment_number === undefined) {
          ctx.addIssue({ code: 'custom', path: ['compartment_number'], message: `${data.action} names its compartment_number` });
        }
      }),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Operator action',
      "What the signed-in person did at the screen (a compartment tested, opened, locked as damaged or released; maintenance, reboot, restart, update), under their session_id: the console checks that person's right and records it under their name. A compartment locked or released changes its status as the console's own lock does.",
    ),
  );

export const operatorSignOutEventSchema = z
  .looseObject({ ...eventShape, event: z.literal('operator_sign_out'), data: z.looseObject({ session_id: sessionIdSchema }) })
  .meta(describeOrigin('ebox', 'Operator sign-out', 'The person left the screen (or the terminal timed them out): the session ends.'));

/** Why a sign-in was refused; the terminal shows one message for all but `throttled`. */
export const OPERATOR_REFUSALS = ['wrong_credentials', 'disabled', 'not_allowed_here', 'no_rights', 'throttled'] as const;
export type OperatorRefusal = (typeof OPERATOR_REFUSALS)[number];

export const operatorSessionReplySchema = z
  .looseObject({
    ...envelopeShape,
    /** The request_id of the operator_sign_in this answers. */
    transaction_id: transactionIdSchema,
    action: z.literal('operator_session'),
    data: z.discriminatedUnion('result', [
      z.looseObject({
        result: z.literal('granted'),
        session_id: sessionIdSchema,
        expires_at: envelopeShape.timestamp,
        user: z.looseObject({ id: z.string().min(1), name: z.string() }),
        /** Exactly the rights the person holds at this locker; the terminal shows only what they allow. */
        permissions: z.array(z.enum(TERMINAL_PERSON_PERMISSIONS as unknown as [TerminalPermission, ...TerminalPermission[]])),
      }),
      z.looseObject({
        result: z.literal('refused'),
        reason: z.enum(OPERATOR_REFUSALS),
        /** With `throttled`: when to try again. */
        retry_after_seconds: z.int().min(1).optional(),
      }),
    ]),
  })
  .meta(
    describeOrigin(
      'ebox',
      'Operator session',
      "The answer to operator_sign_in (transaction_id = its request_id): a session id valid until expires_at with the person's rights at this locker (their roles' terminal rights, only if the locker's company is within their companies), or why not. Not answered on the response topic.",
    ),
  );

export type OperatorSignInEvent = z.infer<typeof operatorSignInEventSchema>;
export type OperatorActionEvent = z.infer<typeof operatorActionEventSchema>;
export type OperatorSignOutEvent = z.infer<typeof operatorSignOutEventSchema>;
export type OperatorSessionReply = z.infer<typeof operatorSessionReplySchema>;

export const OPERATOR_EVENT_NAMES = ['operator_sign_in', 'operator_action', 'operator_sign_out'] as const;
export type OperatorEventName = (typeof OPERATOR_EVENT_NAMES)[number];

export function isOperatorEventName(name: unknown): name is OperatorEventName {
  return typeof name === 'string' && (OPERATOR_EVENT_NAMES as readonly string[]).includes(name);
}
