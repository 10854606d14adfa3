import type { IncomingHttpHeaders } from 'node:http';

/** One request as it reached the sandbox, refused or not. */
export type SandboxRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string; rawBody: Buffer };

export type SandboxAnswer = { status: number; body: string; contentType: string; headers?: Record<string, string> };

/**
 * The answer a test scripts for the next sends of one provider. Without `body` the provider builds
 * its own error from `status` and `code` (Meta's 130429, FCM's `UNREGISTERED`, SNS's `Throttled`,
 * Sinch's `too_many_requests`); a `body` string is answered as it is, an object as JSON.
 */
export type FailureScript = {
  status?: number;
  code?: string | number;
  message?: string;
  body?: string | object;
  retryAfterSeconds?: number;
  /** How many sends in a row get this answer (1). */
  times?: number;
};

export type ProviderHandler<Received> = {
  contentType: string;
  /** 'send' for the call that carries a message (scripted failures apply to it), 'other' for the rest of the API. */
  routeOf(request: SandboxRequest): 'send' | 'other' | undefined;
  handle(request: SandboxRequest): { answer: SandboxAnswer; accepted?: Received };
  failureOf(script: FailureScript): SandboxAnswer;
  /** Runs once the answer accepting the message has left (WhatsApp's status callbacks). */
  afterAccepted?(received: Received): void;
};

export const JSON_TYPE = 'application/json; charset=UTF-8';

export function jsonAnswer(status: number, value: unknown): SandboxAnswer {
  return { status, body: JSON.stringify(value), contentType: JSON_TYPE };
}

/** The request's JSON body as an object, or undefined when it is not one. */
export function jsonBodyOf(request: SandboxRequest): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function bearerOf(request: SandboxRequest): string | undefined {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
}

export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Digits only, as providers echo a phone number back (wa_id) and as tests look recipients up. */
export const digitsOf = (phoneNumber: string): string => phoneNumber.replace(/\D/g, '');
