import { isPlainObject } from '@ebox/domain';
import { ZodError } from 'zod';
import { domainErrorOf, isRetryable } from '../errors';

/**
 * Whether a failed job may succeed if run again. No: a payload its schema refuses, a domain error
 * the caller caused (refused, not found, invalid: platform/errors.ts `isRetryable`), a
 * permanent SMTP reply (5xx) or provider answer (4xx). Yes: everything else (a network error, a
 * server or database that did not answer, a 4xx SMTP reply such as "mailbox busy").
 */
export function isRetryableJobError(error: unknown): boolean {
  if (error instanceof ZodError) return false;
  // A provider's delivery error says itself whether trying again can help (sms-providers/delivery-error.ts).
  const fields = isPlainObject(error) ? error : {};
  const { retryable } = fields;
  if (typeof retryable === 'boolean') return retryable;
  // A domain error (or a database error it maps) answers as it does for MQTT and HTTP callers.
  if (domainErrorOf(error)) return isRetryable(error);
  const { responseCode, statusCode } = fields;
  if (typeof responseCode === 'number') return responseCode < 500;
  if (typeof statusCode === 'number') return statusCode >= 500 || statusCode === 429;
  return true;
}
