import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';

/**
 * `npm start` with demo data and no messaging provider configured: the provider sandbox (one local
 * server speaking WhatsApp Cloud, FCM, AWS SNS and Sinch as they really are) stands in for them, so
 * the demo's customers are messaged end to end and WhatsApp's delivery reports come back signed.
 * Any provider setting given turns the sandbox off: the console then talks to what was configured.
 */

const PROVIDER_SETTINGS = /^(WHATSAPP_|FCM_|SNS_|SINCH_|SMS_PROVIDER$)/;

export type DemoProviders = { sandbox: ProviderSandbox; env: Record<string, string> };

/**
 * The sandbox's FCM service account key, kept in the data folder beside the console's own secrets:
 * making a 2048-bit RSA key took a fifth of a second of every start, seconds on a busy machine.
 */
const FCM_KEY_FILE = 'provider-sandbox-fcm-key.pem';

export async function startDemoProviders(env: NodeJS.ProcessEnv, dataDir: string): Promise<DemoProviders | null> {
  if (env.SEED_DEMO === 'false' || Object.keys(env).some((name) => PROVIDER_SETTINGS.test(name) && env[name])) return null;
  const keyFile = path.join(dataDir, FCM_KEY_FILE);
  const kept = existsSync(keyFile) ? readFileSync(keyFile, 'utf8') : undefined;
  const sandbox = await startProviderSandbox({ host: '127.0.0.1', credentials: { fcmPrivateKey: kept } });
  if (!kept) {
    // Written whole then renamed: a start stopped halfway never leaves half a key to the next.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(`${keyFile}.${process.pid}`, sandbox.fcm.serviceAccount.private_key, { mode: 0o600 });
    renameSync(`${keyFile}.${process.pid}`, keyFile);
  }
  return { sandbox, env: { ...sandbox.env, SMS_PROVIDER: 'sinch' } };
}
