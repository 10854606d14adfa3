import { describeIssue, type Language, shortenedText, translatorFor } from '@ebox/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Errors as codes. Services raise a DomainError: a kind (what went wrong, for every caller) and an
 * i18n key (what to tell a person). The callers map kinds their own way from one table each: HTTP
 * answers a status (`httpStatusOf`), a job decides whether to try again (`isRetryable`), an MQTT
 * handler answers `{code, message}` (`errorAnswerOf`). Services never pick HTTP statuses.
 */
export type ErrorKind =
  /** The input breaks a rule (a field, a malformed body, a business rule the caller can fix). */
  | 'validation'
  /** Nobody is signed in, or the session is no longer valid. */
  | 'unauthenticated'
  /** The actor lacks the right (permission, company scope, a record-level policy). */
  | 'forbidden'
  /** Unknown, or outside the actor's scope (the two answer alike). */
  | 'notFound'
  /** A unique value or an import hash or idempotency key is already taken. */
  | 'conflict'
  /** The record is referenced elsewhere and cannot go. */
  | 'inUse'
  /** Throttled: try again later. */
  | 'rateLimited'
  /** A part we depend on (the database, a mail server) cannot be reached now: may work in a moment. */
  | 'unavailable'
  /** The body or file is larger than allowed. */
  | 'tooLarge'
  /** Anything else: a bug. */
  | 'internal';

const HTTP_STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  inUse: 400,
  rateLimited: 429,
  unavailable: 503,
  tooLarge: 413,
  internal: 500,
};

/** The one mapping of kinds to HTTP statuses. */
export function httpStatusOf(kind: ErrorKind): number {
  return HTTP_STATUS[kind];
}

/** Older code raises `new AppError(status, key)`: the status names its kind. */
function kindOfStatus(status: number): ErrorKind {
  for (const [kind, s] of Object.entries(HTTP_STATUS)) if (s === status && isErrorKind(kind)) return kind;
  return status >= 500 ? 'internal' : 'validation';
}

function isErrorKind(name: string): name is ErrorKind {
  return Object.hasOwn(HTTP_STATUS, name);
}

export type FieldIssue = { path: string; key: string; values: Record<string, unknown> };

/**
 * A domain error: `kind` says what went wrong, `key` is the i18n message (its last part is the
 * answer's `code`). `new AppError(403, key)` still works: the status is read as its kind.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;

  constructor(
    kind: ErrorKind | number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: FieldIssue[] = [],
  ) {
    super(key);
    this.kind = typeof kind === 'number' ? kindOfStatus(kind) : kind;
  }

  /** The HTTP status of the kind (kept for callers that read it). */
  get status(): number {
    return httpStatusOf(this.kind);
  }
}

/** The name services use; AppError stays for the code written before kinds. */
export { AppError as DomainError };

export function domainError(kind: ErrorKind, key: string, params: Record<string, unknown> = {}): AppError {
  return new AppError(kind, key, params);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** i18n prefix of the labels of this route's body fields, e.g. 'entities.user.fields'. */
    labelPrefix?: string;
    /** Anyone may call the route (sign-in, sign-up, a signed file link); every other API route needs a session. */
    public?: boolean;
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>) => new AppError('validation', key, params);
export const forbidden = (key = 'errors.forbidden') => new AppError('forbidden', key);
export const notFound = (key = 'errors.notFound') => new AppError('notFound', key);
export const conflict = (key: string, params?: Record<string, unknown>) => new AppError('conflict', key, params);
export const unauthorized = (key = 'errors.unauthorized') => new AppError('unauthenticated', key);
export const inUse = (key = 'errors.inUse', params?: Record<string, unknown>) => new AppError('inUse', key, params);
export const rateLimited = (key = 'errors.tooManyRequests') => new AppError('rateLimited', key);
export const unavailable = (key = 'errors.databaseUnavailable') => new AppError('unavailable', key);

/** A rule broken on one field: the message is shown on the form field and as the error. */
export function fieldError(path: string, key: string, params: Record<string, unknown> = {}): AppError {
  return new AppError('validation', key, params, [{ path, key, values: params }]);
}

/** A failed schema check; `labelPrefix` names where field labels live ('entities.customer.fields'). */
export class ValidationError extends AppError {
  constructor(
    issues: z.core.$ZodIssue[],
    readonly labelPrefix?: string,
  ) {
    super('validation', 'errors.validation', {}, issues.map(describeIssue));
  }
}

function labelOf(t: (key: string, options?: Record<string, unknown>) => string, prefix: string | undefined, path: string): string {
  if (!path) return t('resource.record');
  const leaf = path.split('.').filter((p) => !/^\d+$/.test(p));
  if (prefix) {
    const key = `${prefix}.${leaf.join('.')}`;
    const label = t(key, { defaultValue: '' });
    if (label) return label;
    const last = `${prefix}.${leaf[leaf.length - 1]}`;
    const lastLabel = t(last, { defaultValue: '' });
    if (lastLabel) return lastLabel;
  }
  return leaf[leaf.length - 1] ?? path;
}

/**
 * Caller-given text an error repeats (a key, a filter name, a value) is cut: 1 MB in is never 2 MB
 * out. `values` is the list of allowed options, ours, and is kept whole.
 */
function shortenedValues(values: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    result[key] = typeof value === 'string' && key !== 'values' ? shortenedText(value, 80) : value;
  return result;
}

/**
 * The accepted values of an enumeration as people read them ('Embarcador, Transportadora'), when
 * the field's values are translated under entities.<name>.enumerators.<leaf>; else as declared.
 */
function optionsOf(
  t: (key: string, options?: Record<string, unknown>) => string,
  prefix: string | undefined,
  path: string,
  values: unknown,
) {
  if (typeof values !== 'string' || !prefix?.endsWith('.fields')) return values;
  const leaf =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  const enumerators = `${prefix.slice(0, -'.fields'.length)}.enumerators.${leaf}`;
  return values
    .split(', ')
    .map((value) => t(`${enumerators}.${value}`, { defaultValue: value }))
    .join(', ');
}

export function translateAppError(error: AppError, language: Language) {
  const t = translatorFor(language);
  const prefix = error instanceof ValidationError ? error.labelPrefix : undefined;
  const fields = error.fields.map((field) => {
    const path = shortenedText(field.path, 80);
    const values = shortenedValues(field.values);
    if ('values' in values) values.values = optionsOf(t, prefix, path, values.values);
    return { path, message: t(field.key, { ...values, label: labelOf(t, prefix, path) || t('errors.validation') }) };
  });
  const message =
    fields.length && error.key === 'errors.validation' ? (fields[0]?.message ?? t(error.key)) : t(error.key, shortenedValues(error.params));
  return { code: error.key.replace(/^errors\./, ''), message, ...(fields.length ? { fields } : {}) };
}

const PG_ERRORS: Record<string, AppError> = {
  '23505': conflict('errors.alreadyExists'),
  '23503': inUse(),
  // ON DELETE RESTRICT answers restrict_violation rather than foreign_key_violation
  '23001': inUse(),
  '22P02': badRequest('errors.validation'),
  // Data exceptions a value can still cause if a check upstream missed it (a NUL, a year past
  // 9999, a number past the column's range): the caller's input, so a 400, never a 500.
  '22021': badRequest('errors.invalidValue'),
  '22P05': badRequest('errors.invalidValue'),
  '22008': badRequest('errors.invalidValue'),
  '22007': badRequest('errors.invalidValue'),
  '22003': badRequest('errors.invalidValue'),
};

/**
 * The database cannot be reached (stopped, restarting, network cut): the same call may work in a
 * moment, so 503 rather than 500. Socket errors, PostgreSQL's connection exceptions (class 08) and
 * shutdown codes (57P01-57P03), and pg's own "Connection terminated" have no other meaning here.
 */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The `code` a Node.js or driver error carries, if any. */
export function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** A lost or refused database connection, or a server shutting down: worth waiting for, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = codeOf(cause);
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    // pg's own words for a connection that broke, or one still in hand after it broke.
    if (/^Connection terminated|timeout exceeded when trying to connect|not queryable/.test(cause.message)) return true;
  }
  return false;
}

/**
 * Any thrown value as a domain error, whoever the caller: our own errors as they are, PostgreSQL's
 * refusals of the caller's data, a lost database connection. null: a bug (kind 'internal').
 * `deleting` tells a foreign key violation of a delete (the record is in use) from one of a write
 * (a related record does not exist).
 */
export function domainErrorOf(error: unknown, options: { deleting?: boolean } = {}): AppError | null {
  if (error instanceof AppError) return error;
  if (!(error instanceof Error)) return null;
  // drizzle wraps driver errors; the PostgreSQL error code sits on the cause
  const pgCode = codeOf(error) ?? codeOf(error.cause);
  const pg = typeof pgCode === 'string' ? PG_ERRORS[pgCode] : undefined;
  if (pg) {
    if (pgCode === '23503' && !options.deleting) return badRequest('errors.relationNotFound', { field: '' });
    return pg;
  }
  if (isDatabaseUnavailable(error)) return unavailable();
  return null;
}

/**
 * For job retries: try again when the failure may pass by itself (a part unreachable, throttled,
 * or an error we do not know, up to the job's attempts); never when trying again cannot help
 * (the input is wrong, the actor may not, the record is gone or taken).
 */
export function isRetryable(error: unknown): boolean {
  const domain = domainErrorOf(error);
  if (!domain) return true;
  return domain.kind === 'unavailable' || domain.kind === 'rateLimited' || domain.kind === 'internal';
}

/** The compact answer of a non-HTTP caller (an MQTT reply): the same code and message HTTP gives. */
export function errorAnswerOf(error: unknown, language: Language): { code: string; kind: ErrorKind; message: string } {
  const domain = domainErrorOf(error);
  if (!domain) return { code: 'default', kind: 'internal', message: translatorFor(language)('errors.default') };
  const { code, message } = translateAppError(domain, language);
  return { code, kind: domain.kind, message };
}

function toAppError(error: FastifyError & { code?: string }, request: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Rebuild zod issues from the provider's AJV-shaped errors so the same messages apply. The
    // provider spread each zod issue into `params` (createValidationError) and typed it away: the
    // one cast puts back the type it had.
    const issues = error.validation.map(
      (v) =>
        ({
          ...v.params,
          code: v.keyword,
          message: v.message,
          path: v.instancePath.split('/').filter(Boolean),
        }) as z.core.$ZodIssue,
    );
    // A route may say where its field labels live (`config: { labelPrefix }`): "Email is required".
    return new ValidationError(issues, request.routeOptions.config?.labelPrefix);
  }
  const domain = domainErrorOf(error, { deleting: request.method === 'DELETE' });
  if (domain) return domain;
  if (error.statusCode === 429) return rateLimited();
  if (error.statusCode === 413) return new AppError('tooLarge', 'validation.file.size', { max: 1_000_000 });
  // Fastify's own refusals of a body it cannot parse (bad JSON, an unknown content type).
  if (error.statusCode === 415 || error.statusCode === 400) return badRequest('errors.malformedBody');
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, request);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      const t = translatorFor(request.language);
      return reply.status(500).send({ error: { code: 'default', message: t('errors.default') } });
    }
    if (appError.status >= 500) request.log.error({ err: error }, 'server error');
    return reply.status(appError.status).send({ error: translateAppError(appError, request.language) });
  });
}
