import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_HEARTBEAT_INTERVAL_SECONDS, DEFAULT_NETWORK_TIME_ZONE } from '@ebox/domain';
import type { FcmServiceAccount, FcmSettings } from './platform/message-providers/fcm';
import type { WhatsAppCloudSettings } from './platform/message-providers/whatsapp-cloud';
import { ROOT_DIR } from './platform/paths';
import { secretsKeyOf } from './platform/secret-box';
import { SINCH_REGIONS, type SinchSettings } from './platform/sms-providers/sinch';
import type { SnsSettings } from './platform/sms-providers/sns';

export { ROOT_DIR };

export type Config = {
  port: number;
  host: string;
  /** Public address of the console, used in links sent by mail. */
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /**
   * The key of the secrets kept encrypted at rest (platform/secret-box.ts): from SECRETS_KEY, else
   * derived from the JWT secret.
   */
  secretsKey: Buffer;
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  ownerEmail?: string;
  ownerPassword?: string;
  /** Each SMS gateway configured and SMS_PROVIDER, the default; undefined: SMS stays in the outbox. */
  sms?: SmsSettings;
  /** The WhatsApp Cloud API (WHATSAPP_*); undefined: no message goes out over WhatsApp. */
  whatsapp?: WhatsAppSettings;
  /**
   * Meta's limits each WhatsApp number is held to, shared by the bots and the messaging channel
   * across processes: messages a second (WHATSAPP_MESSAGES_PER_SECOND, 80) and distinct customers
   * reached by a template in 24 hours (WHATSAPP_TIER_RECIPIENTS, the number's tier: 250 for a new
   * account).
   */
  whatsappLimits: WhatsAppLimits;
  /** The bots' Pix charges (MERCADO_PAGO_*, PIX_LIFETIME_MINUTES): see parsePaymentSettings. */
  payments: PaymentSettings;
  /** Push through Firebase Cloud Messaging (FCM_*); undefined: no push notification goes out. */
  push?: FcmSettings;
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
  /**
   * Access-code changes per user and window (issue 25): "new code" calls and supplied codes refused
   * as taken (ACCESS_CODE_THROTTLE_MAX, default 10; ACCESS_CODE_THROTTLE_WINDOW_MS, default 10 minutes).
   */
  accessCodeThrottle: { max: number; windowMs: number };
  /** Fastify's trustProxy: whose X-Forwarded-For names the client (false: nobody's). */
  trustProxy: boolean | string[];
  /**
   * The job queue (platform/jobs): `worker` runs the jobs in this process (JOBS_WORKER, default on;
   * off when `npm run worker` processes do it), `pollingSeconds` how often an idle worker looks for
   * work (JOBS_POLLING_SECONDS, at least 0.5), `retryDelaySeconds` replaces every job's first retry
   * delay when set (JOBS_RETRY_DELAY_SECONDS; the delay doubles on each retry).
   */
  jobs: { worker: boolean; pollingSeconds: number; retryDelaySeconds?: number };
  /**
   * The shippers' webhooks (modules/webhook): `allowLoopback` lets deliveries reach 127.0.0.1 and ::1
   * (WEBHOOK_ALLOW_LOOPBACK=true: tests and the demo; private, link-local and metadata addresses are
   * always refused); `timeoutMs` how long one attempt waits for an answer (WEBHOOK_TIMEOUT_MS,
   * default 15 s); `retryScale` shortens the retry schedule (WEBHOOK_RETRY_SCALE, default 1; tests).
   */
  webhooks: { allowLoopback: boolean; timeoutMs: number; retryScale: number };
  /**
   * The IANA time zone the network's days and weeks are counted in (NETWORK_TIME_ZONE, default
   * America/Sao_Paulo): the dashboard's periods and daily rollups (docs/dashboard.md).
   */
  networkTimeZone: string;
  /**
   * How long a dashboard answer may be served again while nothing it reads has changed
   * (DASHBOARD_ANSWER_MS, default 1,000; 0: every request reads; docs/dashboard.md "Answers kept"):
   * what moves with the clock alone (an outage's minutes, a parcel's age) is at most this old.
   */
  dashboardAnswerMs: number;
  /** The terminal link's MQTT broker (platform/mqtt). */
  mqtt: MqttConfig;
};

/**
 * The terminal link's broker. Without MQTT_URL the console runs its own broker (embedded): TCP on
 * MQTT_PORT (default 1883; a free port when taken) and WebSocket on the console's port at /mqtt.
 * With MQTT_URL (mqtt://host:port) it uses that broker, as MQTT_USERNAME / MQTT_PASSWORD, a user
 * holding Mosquitto's dynamic-security admin role. The bootstrap user is the shared low-privilege
 * user terminals enrol with (MQTT_BOOTSTRAP_USERNAME / MQTT_BOOTSTRAP_PASSWORD; by default
 * `ebox-bootstrap` and a password kept under the data folder).
 */
export type MqttConfig = {
  /** MQTT_ENABLED=false: `npm start` runs without the terminal link. */
  enabled: boolean;
  port: number;
  host: string;
  url?: string;
  username?: string;
  password?: string;
  bootstrap: { username: string; password: string };
  /**
   * TERMINAL_HEARTBEAT_SECONDS: the heartbeat interval asked of terminals (default 10 s); a locker
   * is offline after OFFLINE_AFTER_MISSED_HEARTBEATS of them without one.
   */
  heartbeatIntervalSeconds: number;
  /**
   * TERMINAL_COMMAND_TIMEOUT_SECONDS: how long a command from the console waits for its answer
   * (default 10 s); after it the outcome is unknown and the command is never re-sent.
   */
  commandTimeoutSeconds: number;
  /**
   * TERMINAL_RATE_PER_SECOND (20) and TERMINAL_RATE_BURST (100): each terminal's token bucket on the
   * link; past it its messages are dropped unread, so one locker cannot hold the others' up.
   */
  terminalRate: { perSecond: number; burst: number };
  /** MQTT_MAX_PACKET_BYTES (256 kB): the embedded broker drops a connection sending a larger packet. */
  maxPacketBytes: number;
};

/**
 * The SMS gateways: each one whose settings are present (both may be, a company then picks its own:
 * companySettings.smsGateway), and `provider`, the one SMS_PROVIDER names as the default.
 */
export type SmsSettings =
  | { provider: 'sns'; sns: SnsSettings; sinch?: SinchSettings }
  | { provider: 'sinch'; sinch: SinchSettings; sns?: SnsSettings }
  | { provider?: undefined; sns?: SnsSettings; sinch?: SinchSettings };

/** Variables that configure a gateway by being set, without SMS_PROVIDER naming it (AWS_REGION alone serves S3 too). */
const SNS_VARIABLES = ['SNS_REGION', 'SNS_ACCESS_KEY_ID', 'SNS_SECRET_ACCESS_KEY', 'SNS_ENDPOINT', 'SNS_SENDER_ID'];
const SINCH_VARIABLES = ['SINCH_SERVICE_PLAN_ID', 'SINCH_API_TOKEN', 'SINCH_FROM', 'SINCH_BASE_URL'];

/**
 * SMS_PROVIDER (`sns` or `sinch`: the default gateway) and the settings of each gateway it names or
 * whose own variables are set. A gateway configured without what it needs stops start-up: a console
 * that looks configured but texts nobody is worse than one that says SMS goes to the outbox.
 */
export function parseSmsSettings(env: NodeJS.ProcessEnv): SmsSettings | undefined {
  const named = env.SMS_PROVIDER?.trim().toLowerCase();
  const provider = !named || named === 'none' ? undefined : named;
  if (provider !== undefined && provider !== 'sns' && provider !== 'sinch') {
    throw new Error(`SMS_PROVIDER must be sns or sinch (or unset for the outbox), not "${env.SMS_PROVIDER}"`);
  }
  const value = (name: string) => env[name]?.trim() || undefined;
  /** How an error names the gateway: as SMS_PROVIDER named it, or by the variable that turned it on. */
  const whoOf = (gateway: 'sns' | 'sinch', label: string, variables: string[]) =>
    provider === gateway ? `SMS_PROVIDER=${gateway}` : `${label} (${variables.find(value)} is set)`;
  const wantsSns = provider === 'sns' || SNS_VARIABLES.some(value);
  const wantsSinch = provider === 'sinch' || SINCH_VARIABLES.some(value);
  if (!wantsSns && !wantsSinch) return undefined;
  const timeoutMs = Number(value('SMS_TIMEOUT_MS') ?? 10_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('SMS_TIMEOUT_MS must be a number of milliseconds');
  const sns = wantsSns ? parseSnsSettings(value, whoOf('sns', 'AWS SNS', SNS_VARIABLES), timeoutMs) : undefined;
  const sinch = wantsSinch ? parseSinchSettings(value, whoOf('sinch', 'Sinch', SINCH_VARIABLES), timeoutMs) : undefined;
  if (provider === 'sns' && sns) return { provider, sns, sinch };
  if (provider === 'sinch' && sinch) return { provider, sinch, sns };
  return { sns, sinch };
}

type EnvValue = (name: string) => string | undefined;

function parseSnsSettings(value: EnvValue, who: string, timeoutMs: number): SnsSettings {
  const region = value('SNS_REGION') ?? value('AWS_REGION') ?? value('AWS_DEFAULT_REGION');
  if (!region) throw new Error(`${who} needs SNS_REGION (or AWS_REGION)`);
  const accessKeyId = value('SNS_ACCESS_KEY_ID');
  const secretAccessKey = value('SNS_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(`${who} needs both SNS_ACCESS_KEY_ID and SNS_SECRET_ACCESS_KEY, or neither (the standard AWS credentials)`);
  }
  const senderId = value('SNS_SENDER_ID');
  // AWS's rule for sender ids: 1 to 11 letters and digits, at least one letter.
  if (senderId && !/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/.test(senderId)) {
    throw new Error('SNS_SENDER_ID must be 1 to 11 letters and digits, with at least one letter');
  }
  const smsType = value('SNS_SMS_TYPE') ?? 'Transactional';
  if (smsType !== 'Transactional' && smsType !== 'Promotional') throw new Error('SNS_SMS_TYPE must be Transactional or Promotional');
  return {
    region,
    endpoint: value('SNS_ENDPOINT'),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken: value('SNS_SESSION_TOKEN') } : undefined,
    senderId,
    smsType,
    timeoutMs,
  };
}

function parseSinchSettings(value: EnvValue, who: string, timeoutMs: number): SinchSettings {
  const required = ['SINCH_SERVICE_PLAN_ID', 'SINCH_API_TOKEN', 'SINCH_FROM'];
  const absent = required.filter((name) => !value(name));
  if (absent.length) throw new Error(`${who} needs ${absent.join(' and ')}`);
  const region = (value('SINCH_REGION') ?? 'us').toLowerCase();
  if (!SINCH_REGIONS.some((known) => known === region)) throw new Error(`SINCH_REGION must be one of ${SINCH_REGIONS.join(', ')}`);
  return {
    servicePlanId: value('SINCH_SERVICE_PLAN_ID') ?? '',
    apiToken: value('SINCH_API_TOKEN') ?? '',
    region,
    baseUrl: value('SINCH_BASE_URL'),
    from: value('SINCH_FROM') ?? '',
    timeoutMs,
  };
}

/** PROVIDER_TIMEOUT_MS: how long one call to WhatsApp or FCM waits for an answer (10 s). */
function parseProviderTimeout(env: NodeJS.ProcessEnv): number {
  const timeoutMs = Number(env.PROVIDER_TIMEOUT_MS?.trim() || 10_000);
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('PROVIDER_TIMEOUT_MS must be a number of milliseconds');
  return timeoutMs;
}

/** An http(s) address setting, without its trailing slash. */
function parseUrlSetting(name: string, text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new Error(`${name} must be an http(s) address`);
  return text.replace(/\/$/, '');
}

/**
 * The WhatsApp Cloud API client's settings, plus what the status webhook checks: the app secret
 * signing each notification and the verify token of Meta's subscription handshake.
 */
export type WhatsAppSettings = WhatsAppCloudSettings & { appSecret: string; verifyToken: string };

const WHATSAPP_REQUIRED = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'];

/**
 * WHATSAPP_* when any is set: all four credentials are needed, since a number that sends but whose
 * statuses cannot be verified would log every message as sent forever.
 */
export function parseWhatsAppSettings(env: NodeJS.ProcessEnv): WhatsAppSettings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const given = [...WHATSAPP_REQUIRED, 'WHATSAPP_API_URL', 'WHATSAPP_API_VERSION'].filter(value);
  if (!given.length) return undefined;
  const absent = WHATSAPP_REQUIRED.filter((name) => !value(name));
  if (absent.length) throw new Error(`WhatsApp (${given[0]} is set) needs ${absent.join(' and ')}`);
  const apiVersion = value('WHATSAPP_API_VERSION');
  if (apiVersion && !/^v\d+\.\d+$/.test(apiVersion)) throw new Error('WHATSAPP_API_VERSION must look like v21.0');
  return {
    accessToken: value('WHATSAPP_ACCESS_TOKEN') ?? '',
    phoneNumberId: value('WHATSAPP_PHONE_NUMBER_ID') ?? '',
    appSecret: value('WHATSAPP_APP_SECRET') ?? '',
    verifyToken: value('WHATSAPP_VERIFY_TOKEN') ?? '',
    baseUrl: parseUrlSetting('WHATSAPP_API_URL', value('WHATSAPP_API_URL')),
    apiVersion,
    timeoutMs: parseProviderTimeout(env),
  };
}

export type WhatsAppLimits = { messagesPerSecond: number; tierRecipients: number };

/** A whole number of at least 1 from the environment, else its default; anything else stops start-up. */
function parseCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return count;
}

/**
 * The console's own Mercado Pago account, for companies without one of their own (a
 * paymentGateway record): MERCADO_PAGO_ACCESS_TOKEN and MERCADO_PAGO_WEBHOOK_SECRET go together.
 * MERCADO_PAGO_API_URL points at another address (the local stand-in in tests and the demo);
 * PAYMENT_NOTIFICATION_URL is where Mercado Pago posts its notifications (APP_URL's webhook by default);
 * PIX_LIFETIME_MINUTES (15) is how long a charge, and the booking it holds, waits to be paid.
 */
export type PaymentSettings = {
  apiUrl?: string;
  account?: { accessToken: string; webhookSecret: string };
  notificationUrl?: string;
  pixLifetimeMinutes: number;
  timeoutMs: number;
};

export function parsePaymentSettings(env: NodeJS.ProcessEnv): PaymentSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const accessToken = value('MERCADO_PAGO_ACCESS_TOKEN');
  const webhookSecret = value('MERCADO_PAGO_WEBHOOK_SECRET');
  if (Boolean(accessToken) !== Boolean(webhookSecret)) {
    throw new Error('Mercado Pago needs both MERCADO_PAGO_ACCESS_TOKEN and MERCADO_PAGO_WEBHOOK_SECRET');
  }
  return {
    apiUrl: parseUrlSetting('MERCADO_PAGO_API_URL', value('MERCADO_PAGO_API_URL')),
    account: accessToken && webhookSecret ? { accessToken, webhookSecret } : undefined,
    notificationUrl: parseUrlSetting('PAYMENT_NOTIFICATION_URL', value('PAYMENT_NOTIFICATION_URL')),
    pixLifetimeMinutes: parseCount(env, 'PIX_LIFETIME_MINUTES', 15),
    timeoutMs: parseProviderTimeout(env),
  };
}

export function parseWhatsAppLimits(env: NodeJS.ProcessEnv): WhatsAppLimits {
  return {
    messagesPerSecond: parseCount(env, 'WHATSAPP_MESSAGES_PER_SECOND', 80),
    tierRecipients: parseCount(env, 'WHATSAPP_TIER_RECIPIENTS', 250),
  };
}

/**
 * FCM_SERVICE_ACCOUNT (the service-account key file's JSON, or the path of that file), with
 * FCM_PROJECT_ID (the key's project_id by default) and FCM_API_URL. A key that cannot sign stops
 * start-up rather than every push failing later.
 */
export function parsePushSettings(env: NodeJS.ProcessEnv): FcmSettings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const source = value('FCM_SERVICE_ACCOUNT');
  if (!source) {
    const stray = ['FCM_PROJECT_ID', 'FCM_API_URL'].find(value);
    if (stray) throw new Error(`${stray} is set: push needs FCM_SERVICE_ACCOUNT (the service-account key JSON or its file)`);
    return undefined;
  }
  let text = source;
  if (!source.startsWith('{')) {
    try {
      text = readFileSync(path.resolve(source), 'utf8');
    } catch {
      throw new Error(`FCM_SERVICE_ACCOUNT: cannot read the key file ${source}`);
    }
  }
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(text);
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT is not a service-account key (JSON)');
  }
  const { client_email, private_key, token_uri, project_id, private_key_id } = account;
  if (typeof client_email !== 'string' || typeof private_key !== 'string') {
    throw new Error('FCM_SERVICE_ACCOUNT needs client_email and private_key (a service-account key file)');
  }
  try {
    createPrivateKey(private_key);
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT: private_key is not a PEM private key');
  }
  const projectId = value('FCM_PROJECT_ID') ?? (typeof project_id === 'string' ? project_id : undefined);
  if (!projectId) throw new Error('push needs FCM_PROJECT_ID (the service account names no project_id)');
  const stringOf = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const serviceAccount: FcmServiceAccount = {
    client_email,
    private_key,
    token_uri: parseUrlSetting('FCM_SERVICE_ACCOUNT token_uri', stringOf(token_uri)),
    project_id: stringOf(project_id),
    private_key_id: stringOf(private_key_id),
  };
  return { serviceAccount, projectId, baseUrl: parseUrlSetting('FCM_API_URL', value('FCM_API_URL')), timeoutMs: parseProviderTimeout(env) };
}

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
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Where the console keeps its database, files and secrets (DATA_DIR, ./data by default). */
export function dataDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = dataDirOf(env);
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
  const jwtSecret = env.JWT_SECRET ?? persistentSecret(dataDir);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    secretsKey: secretsKeyOf(env.SECRETS_KEY || jwtSecret),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Ebox Console <no-reply@ebox.local>',
    seedDemo: env.SEED_DEMO !== 'false',
    ownerEmail: env.OWNER_EMAIL || undefined,
    ownerPassword: env.OWNER_PASSWORD || undefined,
    sms: parseSmsSettings(env),
    whatsapp: parseWhatsAppSettings(env),
    whatsappLimits: parseWhatsAppLimits(env),
    payments: parsePaymentSettings(env),
    push: parsePushSettings(env),
    s3,
    webDistDir: path.join(ROOT_DIR, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    accessCodeThrottle: {
      max: Math.max(1, Number(env.ACCESS_CODE_THROTTLE_MAX ?? 10) || 10),
      windowMs: Math.max(1000, Number(env.ACCESS_CODE_THROTTLE_WINDOW_MS ?? 10 * 60 * 1000) || 10 * 60 * 1000),
    },
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
    webhooks: {
      allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true',
      timeoutMs: Math.max(100, Number(env.WEBHOOK_TIMEOUT_MS ?? 15_000) || 15_000),
      retryScale: Math.min(1, Math.max(0, Number(env.WEBHOOK_RETRY_SCALE ?? 1))),
    },
    networkTimeZone: parseTimeZone(env.NETWORK_TIME_ZONE),
    // At most a minute: the changes that end a kept answer are kept ten minutes (docs/dashboard.md).
    dashboardAnswerMs: Math.min(60_000, Math.max(0, Number(env.DASHBOARD_ANSWER_MS ?? 1000) || 0)),
    mqtt: {
      enabled: env.MQTT_ENABLED !== 'false',
      port: Number(env.MQTT_PORT ?? 1883),
      host: env.MQTT_HOST ?? env.HOST ?? '0.0.0.0',
      url: env.MQTT_URL || undefined,
      username: env.MQTT_USERNAME || undefined,
      password: env.MQTT_PASSWORD || undefined,
      heartbeatIntervalSeconds: Math.max(
        0.1,
        Number(env.TERMINAL_HEARTBEAT_SECONDS ?? CONSOLE_HEARTBEAT_INTERVAL_SECONDS) || CONSOLE_HEARTBEAT_INTERVAL_SECONDS,
      ),
      commandTimeoutSeconds: Math.max(0.1, Number(env.TERMINAL_COMMAND_TIMEOUT_SECONDS ?? 10) || 10),
      terminalRate: {
        perSecond: Math.max(0.1, Number(env.TERMINAL_RATE_PER_SECOND ?? 20) || 20),
        burst: Math.max(1, Number(env.TERMINAL_RATE_BURST ?? 100) || 100),
      },
      maxPacketBytes: Math.max(1024, Number(env.MQTT_MAX_PACKET_BYTES ?? 256 * 1024) || 256 * 1024),
      bootstrap: {
        username: env.MQTT_BOOTSTRAP_USERNAME || 'ebox-bootstrap',
        // Read lazily: only a console that runs the link needs one kept on disk.
        get password() {
          return env.MQTT_BOOTSTRAP_PASSWORD || persistentSecret(dataDir, 'mqtt-bootstrap-secret');
        },
      },
    },
  };
}

function parseTimeZone(value: string | undefined): string {
  if (!value) return DEFAULT_NETWORK_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    throw new Error(`NETWORK_TIME_ZONE must be an IANA time zone such as America/Sao_Paulo, not "${value}"`);
  }
}
