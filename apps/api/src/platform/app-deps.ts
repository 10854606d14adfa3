import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Db } from './db/client';
import { createMailer, type Mailer } from './mail';
import { createFcmProvider, type PushProvider } from './message-providers/fcm';
import { createWhatsAppCloudProvider, type WhatsAppProvider } from './message-providers/whatsapp-cloud';
import type { ModuleRegistry } from './modules';
import type { MqttLink } from './mqtt';
import { createSmsSender, type SmsProvider, type SmsSender } from './sms';
import { createSmsProviders, type SmsProviders } from './sms-providers/configured-provider';
import { createStorage, type Storage } from './storage';

/**
 * What services need from the outside world, the same for the API (app.ts), `npm run worker`
 * (worker.ts) and tests, which build it against their own database.
 */
export type AppDeps = {
  db: Db;
  config: Config;
  tokens: TokenService;
  mailer: Mailer;
  sms: SmsSender;
  /** The providers of the customers' messages (modules/message): each SMS gateway, WhatsApp, push. */
  messageProviders: MessageProviders;
  storage: Storage;
  /** The process logger; a request's context carries the request's own child logger instead. */
  log: FastifyBaseLogger;
  /** What the modules add (entity rules, jobs, event handlers, routes): src/composition.ts. */
  modules: ModuleRegistry;
  /** The terminal link (broker, credentials, commands); null when the process runs without it. */
  mqtt?: MqttLink | null;
  /** What the lockers report (modules/terminal-link's TerminalLink); null without the link. */
  terminalLink?: { readonly refused: Readonly<Record<string, number>>; pending(): number; stop(): Promise<void> } | null;
};

/** Absent: that channel is not configured (SMS and e-mail then go to the outbox; WhatsApp and push fail over). */
export type MessageProviders = { sms: SmsProviders; whatsapp?: WhatsAppProvider; push?: PushProvider };

export function createAppDeps(options: {
  db: Db;
  config: Config;
  modules: ModuleRegistry;
  smsProvider?: SmsProvider;
  log: FastifyBaseLogger;
}): AppDeps {
  const { db, config, log, modules } = options;
  const smsProviders = createSmsProviders(config.sms);
  return {
    db,
    config,
    tokens: createTokenService(config.jwtSecret),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    sms: createSmsSender({ provider: options.smsProvider ?? smsProviders.default }),
    messageProviders: {
      sms: options.smsProvider ? { default: options.smsProvider, byGateway: smsProviders.byGateway } : smsProviders,
      whatsapp: config.whatsapp && createWhatsAppCloudProvider(config.whatsapp),
      push: config.push && createFcmProvider(config.push),
    },
    storage: createStorage(config),
    log,
    modules,
  };
}
