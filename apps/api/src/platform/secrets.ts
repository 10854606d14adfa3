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

type RequestLike = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
};

/**
 * Logger options that keep tokens out of the log: the request line (a browser opening a reset link
 * requests the console's page with the token in its address) and every message text. The fields
 * are Fastify's default request serializer's.
 */
export function withSecretsMaskedInLog<T extends boolean | object>(logger: T): T | object {
  if (logger === false) return logger;
  const options = (logger === true ? {} : logger) as { serializers?: object; hooks?: object };
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (request: RequestLike) => ({
        method: request.method,
        url: request.url === undefined ? undefined : maskSecrets(request.url),
        version: request.headers?.['accept-version'],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      ...options.hooks,
      logMethod(this: unknown, args: unknown[], method: (...inner: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? maskSecrets(arg) : arg)),
        );
      },
    },
  };
}
