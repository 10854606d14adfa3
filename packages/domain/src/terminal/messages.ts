import { type TerminalAction, type TerminalCommandOf, terminalCommandSchemas } from './commands';
import { createEnvelope } from './envelope';
import { type TerminalErrorCode, type TerminalResponse, terminalResponseSchema } from './responses';

/**
 * Builders for the messages the console and the simulator send, so a sender never hand-writes an
 * envelope. Each result is checked against its schema: a malformed message is a bug on our side
 * and throws here rather than reaching a terminal.
 */

/** A command with a fresh message_id; pass the transaction_id only to repeat the same command. */
export function createTerminalCommand<A extends TerminalAction>(
  action: A,
  data: TerminalCommandOf<A>['data'],
  options: { transactionId?: string; now?: Date } = {},
): TerminalCommandOf<A> {
  const command = { ...createEnvelope(options.now), transaction_id: options.transactionId ?? globalThis.crypto.randomUUID(), action, data };
  return terminalCommandSchemas[action].parse(command) as TerminalCommandOf<A>;
}

export type TerminalAnswer =
  | { result: 'success'; message?: string; applied_config_hash?: string }
  | { result: 'error'; error_code: TerminalErrorCode | (string & {}); message: string };

/** The answer to a command, tied to it by its transaction_id and action. */
export function createTerminalResponse(
  command: { transaction_id: string; action: string },
  answer: TerminalAnswer,
  now?: Date,
): TerminalResponse {
  return terminalResponseSchema.parse({
    ...createEnvelope(now),
    transaction_id: command.transaction_id,
    action: command.action,
    ...answer,
  });
}

/** What a terminal answers to an action it does not know: Open-Locker's INVALID_COMMAND. */
export function createUnknownActionResponse(command: { transaction_id: string; action: string }, now?: Date): TerminalResponse {
  return createTerminalResponse(command, { result: 'error', error_code: 'INVALID_COMMAND', message: 'Unknown action' }, now);
}
