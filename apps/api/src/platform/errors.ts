import { describeIssue, type Language, shortenedText, translatorFor } from '@ebox/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Typed errors with one mapper: services throw AppError with an i18n key; the handler below turns
 * every error into `{error: {code, message, fields?}}` translated to the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: { path: string; key: string; values: Record<string, unknown> }[] = [],
  ) {
    super(key);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** i18n prefix of the labels of this route's body fields, e.g. 'entities.user.fields'. */
    labelPrefix?: string;
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>) => new AppError(400, key, params);
export const forbidden = (key = 'errors.forbidden') => new AppError(403, key);
export const notFound = (key = 'errors.notFound') => new AppError(404, key);
export const conflict = (key: string) => new AppError(409, key);
export const unauthorized = (key = 'errors.unauthorized') => new AppError(401, key);

/** A rule broken on one field: the message is shown on the form field and as the error. */
export function fieldError(path: string, key: string, params: Record<string, unknown> = {}): AppError {
  return new AppError(400, key, params, [{ path, key, values: params }]);
}

/** A failed schema check; `labelPrefix` names where field labels live ('entities.customer.fields'). */
export class ValidationError extends AppError {
  constructor(
    issues: z.core.$ZodIssue[],
    readonly labelPrefix?: string,
  ) {
    super(400, 'errors.validation', {}, issues.map(describeIssue));
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

export function translateAppError(error: AppError, language: Language) {
  const t = translatorFor(language);
  const prefix = error instanceof ValidationError ? error.labelPrefix : undefined;
  const fields = error.fields.map((field) => {
    const path = shortenedText(field.path, 80);
    return { path, message: t(field.key, { ...shortenedValues(field.values), label: labelOf(t, prefix, path) || t('errors.validation') }) };
  });
  const message =
    fields.length && error.key === 'errors.validation' ? (fields[0]?.message ?? t(error.key)) : t(error.key, shortenedValues(error.params));
  return { code: error.key.replace(/^errors\./, ''), message, ...(fields.length ? { fields } : {}) };
}

const PG_ERRORS: Record<string, AppError> = {
  '23505': new AppError(409, 'errors.alreadyExists'),
  '23503': new AppError(400, 'errors.inUse'),
  // ON DELETE RESTRICT answers restrict_violation rather than foreign_key_violation
  '23001': new AppError(400, 'errors.inUse'),
  '22P02': new AppError(400, 'errors.validation'),
  // Data exceptions a value can still cause if a check upstream missed it (a NUL, a year past
  // 9999, a number past the column's range): the caller's input, so a 400, never a 500.
  '22021': new AppError(400, 'errors.invalidValue'),
  '22P05': new AppError(400, 'errors.invalidValue'),
  '22008': new AppError(400, 'errors.invalidValue'),
  '22007': new AppError(400, 'errors.invalidValue'),
  '22003': new AppError(400, 'errors.invalidValue'),
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

function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    if (/^Connection terminated|timeout exceeded when trying to connect/.test(cause.message)) return true;
  }
  return false;
}

function toAppError(error: FastifyError & { code?: string }, request: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Rebuild zod issues from the provider's AJV-shaped errors so the same messages apply.
    const issues = error.validation.map(
      (v) =>
        ({
          ...(v.params as object),
          code: v.keyword,
          message: v.message,
          path: v.instancePath.split('/').filter(Boolean),
        }) as unknown as z.core.$ZodIssue,
    );
    // A route may say where its field labels live (`config: { labelPrefix }`): "Email is required".
    return new ValidationError(issues, request.routeOptions.config?.labelPrefix);
  }
  // drizzle wraps driver errors; the PostgreSQL error code sits on the cause
  const pgCode = error.code ?? (error.cause as { code?: string } | undefined)?.code;
  const pg = pgCode ? PG_ERRORS[pgCode] : undefined;
  if (pg) {
    if (pgCode === '23503' && request.method !== 'DELETE') return new AppError(400, 'errors.relationNotFound', { field: '' });
    return pg;
  }
  if (isDatabaseUnavailable(error)) return new AppError(503, 'errors.databaseUnavailable');
  if (error.statusCode === 429) return new AppError(429, 'errors.tooManyRequests');
  if (error.statusCode === 415 || (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP')))
    return new AppError(400, 'errors.malformedBody');
  if (error.statusCode === 400) return new AppError(400, 'errors.malformedBody');
  if (error.statusCode === 413) return new AppError(413, 'validation.file.size', { max: 1_000_000 });
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
