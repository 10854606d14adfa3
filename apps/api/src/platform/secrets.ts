import { isPlainObject } from '@ebox/domain';

/**
 * One-time tokens (email verification, password reset, invitation) travel in links as `?token=`.
 * Whoever holds one can take the account over, so a log line or an outbox row shown to someone who
 * may not manage the recipient carries the link with the token's value masked.
 */
const TOKEN_IN_LINK = /([?&]token=)[^\s&#"'<>]+/gi;

export const MASKED_TOKEN = '********';

/** The text with every link token replaced by the mask; the rest of the text stays readable. */
export function maskSecrets(text: string): string {
  return text.replace(TOKEN_IN_LINK, `$1${MASKED_TOKEN}`);
}

/**
 * Logger options that keep tokens out of every message text (Fastify's own "Route … not found"
 * repeats the address a browser opened a reset link with). Request lines carry no query string at
 * all (platform/logger.ts).
 */
export function withSecretsMaskedInLog<T extends boolean | object>(logger: T): T | object {
  if (logger === false) return logger;
  const options: Record<string, unknown> = isPlainObject(logger) ? logger : {};
  return {
    ...options,
    hooks: {
      ...(isPlainObject(options.hooks) ? options.hooks : {}),
      logMethod(this: unknown, args: unknown[], method: (...inner: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? maskSecrets(arg) : arg)),
        );
      },
    },
  };
}
