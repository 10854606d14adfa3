import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { API_PREFIX, buildApp } from './app';
import { MODULES } from './composition';
import { type Config, dataDirOf, loadConfig } from './config';
import { seedDemoBots } from './modules/demo/demo-bots';
import { type DemoProviders, startDemoProviders } from './modules/demo/demo-providers';
import { seedDemoData } from './modules/demo/seed-demo';
import { type LockerSimulator, startLockerSimulator } from './modules/demo/simulate-lockers';
import { connectDatabase } from './platform/db/client';
import { type EmbeddedLog, startEmbeddedPostgres } from './platform/db/embedded';
import { migrateDatabase } from './platform/db/migrate';
import { MQTT_WEBSOCKET_PATH, type MqttLink } from './platform/mqtt';
import { seedOwner, seedRolesAndSettings } from './platform/seed';

/**
 * `npm start`: PostgreSQL (embedded under ./data unless DATABASE_URL is set), migrations, seeds,
 * then the console and the API on PORT. SIGINT/SIGTERM close the server, then the database.
 */
async function main(): Promise<void> {
  // Before the configuration is read: the sandbox's addresses and credentials are the providers' settings.
  const demoProviders = await startDemoProviders(process.env, dataDirOf(process.env));
  if (demoProviders) {
    // Mercado Pago's stand-in posts its notifications to this console on loopback, as the status callbacks.
    const port = process.env.PORT ?? '8080';
    const notificationUrl = `http://127.0.0.1:${port}${API_PREFIX}/webhooks/mercadopago`;
    Object.assign(process.env, { PAYMENT_NOTIFICATION_URL: process.env.PAYMENT_NOTIFICATION_URL ?? notificationUrl }, demoProviders.env);
  }
  const config = loadConfig();
  const pgDir = path.join(config.dataDir, 'pg');
  // The database's notes (a leftover server stopped, a restart) go to stderr until the app's logger exists.
  let logDatabase: EmbeddedLog = (_level, message) => process.stderr.write(`${message}\n`);
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dir: pgDir,
        port: Number(process.env.EMBEDDED_PG_PORT ?? 54320),
        // Stopped by our shutdown, after the console has drained into it (not by the terminal's Ctrl+C).
        ownProcessGroup: true,
        log: (level, message) => logDatabase(level, message),
      }).catch((error: unknown) => {
        throw new Error(
          `could not start the embedded PostgreSQL in ${pgDir} (${describeError(error)}). ` +
            'Is another Ebox Console running with the same data folder? Stop it, or set DATA_DIR or DATABASE_URL.',
        );
      });
  const databaseUrl = config.databaseUrl ?? embedded?.url;
  if (!databaseUrl) throw new Error('no database: DATABASE_URL is unset and the embedded PostgreSQL did not start');
  const database = connectDatabase(databaseUrl);
  await migrateDatabase(database.db, MODULES.jobs);
  const roleIds = await seedRolesAndSettings(database.db);
  const owner = await seedOwner(database.db, roleIds, config.ownerEmail, config.ownerPassword);
  const app = await buildApp({ db: database.db, config, mqtt: config.mqtt.enabled, deferJobs: true });
  // The demo seed calls the same services as the console, so it needs the app's dependencies.
  const demo = config.seedDemo ? await seedDemoData(app.deps) : false;
  if (demoProviders) await seedDemoBots(app.deps, demoProviders.numbers, owner.email);
  logDatabase = (level, message) => app.log[level](message);
  await app.listen({ port: config.port, host: config.host });
  demoProviders?.sandbox.setStatusCallbackUrl(`${loopbackUrlOf(app.server.address(), config.host)}${API_PREFIX}/webhooks/whatsapp`);

  // From the moment it answers, a signal stops the console in order, even while the simulator and
  // the jobs are still starting (the default would kill it and leave the database running).
  let simulatorStarting: Promise<LockerSimulator> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await (await simulatorStarting)?.stop();
    await demoProviders?.close();
    await app.close();
    await database.close();
    if (embedded) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));

  simulatorStarting = startLockerSimulator(app.deps, {
    apiUrl: `${loopbackUrlOf(app.server.address(), config.host)}${API_PREFIX}`,
    ownerEmail: owner.email,
  }).catch((error: unknown) => ({ summary: `off (could not start: ${describeError(error)})`, stop: async () => {} }));
  const simulator = await simulatorStarting;

  const lines = [
    '',
    `  Ebox Console is running at ${config.appUrl}`,
    `  API:        ${config.appUrl}/io/api/v1  (OpenAPI: ${config.appUrl}/io/api/v1/docs)`,
    `  Database:   ${embedded ? `embedded PostgreSQL, data in ${path.join(config.dataDir, 'pg')}` : 'DATABASE_URL'}`,
    `  Mail:       ${config.smtpUrl ? `SMTP server ${smtpServerOf(config.smtpUrl)}` : 'outbox (no SMTP_URL): messages are logged and kept in the database'}`,
    `  SMS:        ${smsLineOf(config)}`,
    `  Messaging:  ${demoProviders ? `provider sandbox at ${demoProviders.sandbox.url} (WhatsApp Cloud, FCM, SNS, Sinch as they speak)` : messagingLineOf(config)}`,
    ...(demoProviders ? demoBotLinesOf(demoProviders) : []),
    `  Files:      ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `local disk, ${path.join(config.dataDir, 'files')}`}`,
    `  Lockers:    ${mqttLineOf(app.deps.mqtt, config)}`,
    `  Demo data:  ${demo ? 'loaded' : config.seedDemo ? 'already present' : 'off (SEED_DEMO=false)'}`,
    `  Simulator:  ${simulator.summary}`,
    !owner.created
      ? `  Owner:      ${owner.email} (password unchanged)`
      : owner.password
        ? `  Owner:      ${owner.email} / ${owner.password}   (shown once; set OWNER_EMAIL / OWNER_PASSWORD to choose)`
        : `  Owner:      ${owner.email} (the password given in OWNER_PASSWORD)`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  // Last, once the console answers and its box is out: the jobs a last run left (the demo's
  // messages, webhooks, access codes) would otherwise hold the first answer back by seconds.
  if (stopping) return;
  await app.startJobs().catch((error: unknown) => {
    if (!stopping) throw error;
  });
}

/** Where a person chats with the demo bots and pays their Pix (docs/whatsapp-bot.md, "Demo and simulated customers"). */
function demoBotLinesOf(providers: DemoProviders): string[] {
  const { hourlyFree, hourlyPaid, support } = providers.numbers;
  return [
    `  Bots:       WhatsApp stand-in numbers ${hourlyFree.phoneNumberId} (free booking), ${hourlyPaid.phoneNumberId} (Pix booking), ${support.phoneNumberId} (support)`,
    `              chat: curl -d '{"to":"<number>","from":"5521999990000","text":"oi"}' ${providers.chatUrl}/say; replies: ${providers.chatUrl}/replies?waId=5521999990000`,
    `              a Pix's link opens the stand-in's payment page ("Simular pagamento" pays); npm run sim -- --whatsapp 5 chats as 5 customers`,
  ];
}

/** Where terminals connect, as the start-up box says it. */
function mqttLineOf(link: MqttLink | null | undefined, config: Config): string {
  if (!link) return 'terminal link off (MQTT_ENABLED=false)';
  if (link.mode === 'external') return 'MQTT_URL (terminal credentials in its dynamic security)';
  const port = link.broker?.port;
  const taken = link.broker?.portFallback ? ` (MQTT_PORT ${config.mqtt.port} was taken)` : '';
  return `embedded MQTT broker on port ${port}${taken}, and ${config.appUrl.replace(/^http/, 'ws')}${MQTT_WEBSOCKET_PATH}`;
}

/** The SMTP server as the start-up box names it: scheme, host and port, never the credentials. */
function smtpServerOf(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    const port = url.port || (url.protocol === 'smtps:' ? '465' : '25');
    return `${url.protocol}//${url.hostname}:${port}`;
  } catch {
    return '(SMTP_URL is not a URL)';
  }
}

function smsLineOf(config: Config): string {
  if (!config.sms) return 'outbox (no SMS_PROVIDER): messages are logged and kept in the database';
  const gateways = [config.sms.sns && 'AWS SNS', config.sms.sinch && 'Sinch'].filter(Boolean).join(' and ');
  return config.sms.provider
    ? `SMS_PROVIDER=${config.sms.provider} (${gateways})`
    : `${gateways} for the companies that choose it; no default`;
}

function messagingLineOf(config: Config): string {
  const channels = [config.whatsapp && 'WhatsApp Cloud API', config.push && 'FCM push'].filter(Boolean);
  return channels.length
    ? channels.join(', ')
    : 'no WhatsApp or push provider (WHATSAPP_*, FCM_*): those messages fall back to SMS and e-mail';
}

/** This console's address from this machine: the simulator it starts calls it there. */
function loopbackUrlOf(address: AddressInfo | string | null, host: string): string {
  const port = typeof address === 'object' && address ? address.port : 0;
  const wildcard = ['0.0.0.0', '::', '', 'localhost'].includes(host);
  const reachable = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error === undefined || error === null) return 'no detail given';
  return typeof error === 'string' ? error : JSON.stringify(error);
}

main().catch((error) => {
  process.stderr.write(`Ebox Console failed to start: ${describeError(error)}\n`);
  process.exit(1);
});
