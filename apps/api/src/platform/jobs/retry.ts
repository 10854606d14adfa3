import { ZodError } from 'zod';
import { AppError } from '../errors';

/**
 * Whether a failed job may succeed if run again. No: a payload its schema refuses, a domain error
 * the caller caused (4xx: refused, not found, invalid; 429 and 409 excepted, they pass), a
 * permanent SMTP reply (5xx) or provider answer (4xx). Yes: everything else (a network error, a
 * server or database that did not answer, a 4xx SMTP reply such as "mailbox busy").
 * Kept here until platform/errors.ts offers one `isRetryable` for jobs and MQTT answers alike.
 */
export function isRetryableJobError(error: unknown): boolean {
  if (error instanceof ZodError) return false;
  // A provider's delivery error says itself whether trying again can help (sms-providers/delivery-error.ts).
  const { retryable } = (error ?? {}) as { retryable?: unknown };
  if (typeof retryable === 'boolean') return retryable;
  if (error instanceof AppError) return error.status >= 500 || error.status === 429 || error.status === 409;
  const { responseCode, statusCode } = (error ?? {}) as { responseCode?: unknown; statusCode?: unknown };
  if (typeof responseCode === 'number') return responseCode < 500;
  if (typeof statusCode === 'number') return statusCode >= 500 || statusCode === 429;
  return true;
}
