import { z } from 'zod';
import { configHashSchema, isEboxExtensionAction } from './commands';
import { describeOrigin, envelopeShape, transactionIdSchema } from './envelope';

/**
 * Answers a terminal publishes on `locker/{uuid}/response`, one per command it runs, tied to it by
 * transaction_id. A command the device has already seen is dropped silently (no second answer),
 * so a command without an answer is "outcome unknown", never re-sent under a new transaction id.
 */

/** Error codes Open-Locker's device sends, verbatim. */
export const OPEN_LOCKER_ERROR_CODES = [
  'INVALID_COMMAND',
  'INVALID_CONFIG',
  'COMPARTMENT_NOT_FOUND',
  'DOOR_JAMMED',
  'TIMEOUT',
  'MODBUS_ERROR',
  'HARDWARE_ERROR',
  'UNKNOWN_ERROR',
] as const;
/**
 * Our additions: REFUSED when the terminal declines on purpose (in maintenance, another command
 * running), UPDATE_FAILED when a software update could not be installed.
 */
export const EBOX_ERROR_CODES = ['REFUSED', 'UPDATE_FAILED'] as const;
export type TerminalErrorCode = (typeof OPEN_LOCKER_ERROR_CODES)[number] | (typeof EBOX_ERROR_CODES)[number];

const responseShape = {
  ...envelopeShape,
  transaction_id: transactionIdSchema,
  action: z.string().min(1, 'action must be a non-empty string'),
};

export const commandSuccessResponseSchema = z
  .looseObject({
    ...responseShape,
    result: z.literal('success'),
    message: z.string().min(1).optional(),
  })
  .meta(describeOrigin('open-locker', 'Command succeeded', 'The command ran; for open_compartment the relay was pulsed.'));

export const applyConfigSuccessResponseSchema = z
  .looseObject({
    ...responseShape,
    action: z.literal('apply_config'),
    result: z.literal('success'),
    message: z.string().min(1).optional(),
    applied_config_hash: configHashSchema,
  })
  .meta(describeOrigin('open-locker', 'Configuration applied', 'The device applied the mapping whose hash it answers.'));

export const commandErrorResponseSchema = z
  .looseObject({
    ...responseShape,
    result: z.literal('error'),
    /** Any non-empty code is accepted: a newer device may send one we do not know, shown as an error. */
    error_code: z.string().min(1, 'error_code must be a non-empty string'),
    message: z.string().min(1, 'message must be a non-empty string'),
  })
  .meta(
    describeOrigin(
      'open-locker',
      'Command failed',
      `error_code is one of ${OPEN_LOCKER_ERROR_CODES.join(', ')} (Open-Locker) or ${EBOX_ERROR_CODES.join(', ')} (ebox). INVALID_COMMAND to an ebox extension means the terminal does not support it.`,
    ),
  );

export const terminalResponseSchema = z.union([applyConfigSuccessResponseSchema, commandSuccessResponseSchema, commandErrorResponseSchema]);
export type TerminalResponse = z.infer<typeof terminalResponseSchema>;

/**
 * How the console reads an answer:
 * - opened: open_compartment pulsed the relay (the door state follows in the snapshot);
 * - done: any other command succeeded;
 * - jammed: the door did not open (DOOR_JAMMED);
 * - refused: the terminal declined what was asked (unknown compartment, bad config, REFUSED);
 * - unsupported: an ebox extension answered INVALID_COMMAND by a device that lacks it (a plain
 *   Open-Locker device): the terminal works, it just cannot do this;
 * - error: anything else (hardware, Modbus, time-out on the board, unknown codes).
 * A command that got no answer at all is 'unknown' (TerminalCommandOutcome), decided by the
 * caller's time-out, not by a response.
 */
export const TERMINAL_RESPONSE_KINDS = ['opened', 'done', 'jammed', 'refused', 'unsupported', 'error'] as const;
export type TerminalResponseKind = (typeof TERMINAL_RESPONSE_KINDS)[number];
/** What the console records for a command: an answer's kind, or 'unknown' after a time-out. */
export type TerminalCommandOutcome = TerminalResponseKind | 'unknown';

export interface TerminalResponseClass {
  kind: TerminalResponseKind;
  /** The device's error_code, when it sent one. */
  errorCode?: string;
  /** The device's own words, shown to the operator as its reason. */
  message?: string;
}

const REFUSAL_CODES: readonly string[] = ['COMPARTMENT_NOT_FOUND', 'INVALID_CONFIG', 'REFUSED'];

/** Classifies a parsed response for the console (see TERMINAL_RESPONSE_KINDS). */
export function classifyTerminalResponse(
  response: Pick<TerminalResponse, 'action' | 'result'> & { error_code?: string; message?: string },
): TerminalResponseClass {
  const message = response.message || undefined;
  if (response.result === 'success') {
    return { kind: response.action === 'open_compartment' ? 'opened' : 'done', ...(message ? { message } : {}) };
  }
  const errorCode = response.error_code ?? 'UNKNOWN_ERROR';
  const details = { errorCode, ...(message ? { message } : {}) };
  if (errorCode === 'DOOR_JAMMED') return { kind: 'jammed', ...details };
  // INVALID_COMMAND is Open-Locker's "Unknown action": for our extensions that means "not
  // supported here"; for its own actions it means we sent something malformed, a real error.
  if (errorCode === 'INVALID_COMMAND') return { kind: isEboxExtensionAction(response.action) ? 'unsupported' : 'error', ...details };
  if (REFUSAL_CODES.includes(errorCode)) return { kind: 'refused', ...details };
  return { kind: 'error', ...details };
}
