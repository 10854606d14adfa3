import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './platform/paths';

export { ROOT_DIR };

export type Config = {
  port: number;
  host: string;
  /** Public address of the console, used in links sent by mail. */
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  ownerEmail?: string;
  ownerPassword?: string;
  s3?: { endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  webDistDir: string;
  logLevel: string;
  /** LOG_FORMAT=json|pretty; by default readable on a terminal and JSON otherwise. */
  logFormat: 'json' | 'pretty';
  /**
   * Attempts per window on sign-in, sign-up and password reset, counted per IP and per email
   * (sign-in: per email and IP pair, its per-email total slows down by `slowdownMs` instead).
   */
  authThrottle: { perIp: number; perEmail: number; windowMs: number; slowdownMs: number };
  /** Fastify's trustProxy: whose X-Forwarded-For names the client (false: nobody's). */
  trustProxy: boolean | string[];
  /**
   * The job queue (platform/jobs): `worker` runs the jobs in this process (JOBS_WORKER, default on;
   * off when `npm run worker` processes do it), `pollingSeconds` how often an idle worker looks for
   * work (JOBS_POLLING_SECONDS, at least 0.5), `retryDelaySeconds` replaces every job's first retry
   * delay when set (JOBS_RETRY_DELAY_SECONDS; the delay doubles on each retry).
   */
  jobs: { worker: boolean; pollingSeconds: number; retryDelaySeconds?: number };
};

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: unset or `false` trusts no forwarded header, `true`
 * trusts every hop (only behind a proxy that overwrites the header), anything else is a
 * comma-separated list of proxy addresses, CIDR ranges or proxy-addr's names (`loopback`,
 * `linklocal`, `uniquelocal`). Fastify 5 answers a hop count by trusting nobody (it cannot tell
 * the first hop from a client), so a number is refused rather than silently ignored.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) throw new Error('TRUST_PROXY: a hop count trusts nobody in Fastify 5; name the proxy addresses instead');
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A secret kept under the data folder so tokens survive restarts without any setup. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  const s3 =
    env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Ebox Console <no-reply@ebox.local>',
    seedDemo: env.SEED_DEMO !== 'false',
    ownerEmail: env.OWNER_EMAIL || undefined,
    ownerPassword: env.OWNER_PASSWORD || undefined,
    s3,
    webDistDir: path.join(ROOT_DIR, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    authThrottle: {
      perIp: Number(env.AUTH_THROTTLE_PER_IP ?? 100),
      perEmail: Number(env.AUTH_THROTTLE_PER_EMAIL ?? 10),
      windowMs: Number(env.AUTH_THROTTLE_WINDOW_MS ?? 15 * 60 * 1000),
      slowdownMs: Number(env.AUTH_THROTTLE_SLOWDOWN_MS ?? 3000),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jobs: {
      worker: env.JOBS_WORKER !== 'false',
      pollingSeconds: Math.max(0.5, Number(env.JOBS_POLLING_SECONDS ?? 2) || 2),
      retryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS ? Math.max(1, Number(env.JOBS_RETRY_DELAY_SECONDS)) : undefined,
    },
  };
}
