import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';

/**
 * `npm start` with demo data and no messaging provider configured: the provider sandbox (one local
 * server speaking WhatsApp Cloud, FCM, AWS SNS and Sinch as they really are) stands in for them, so
 * the demo's customers are messaged end to end and WhatsApp's delivery reports come back signed.
 * Any provider setting given turns the sandbox off: the console then talks to what was configured.
 */

const PROVIDER_SETTINGS = /^(WHATSAPP_|FCM_|SNS_|SINCH_|SMS_PROVIDER$)/;

export type DemoProviders = { sandbox: ProviderSandbox; env: Record<string, string> };

export async function startDemoProviders(env: NodeJS.ProcessEnv): Promise<DemoProviders | null> {
  if (env.SEED_DEMO === 'false' || Object.keys(env).some((name) => PROVIDER_SETTINGS.test(name) && env[name])) return null;
  const sandbox = await startProviderSandbox({ host: '127.0.0.1' });
  return { sandbox, env: { ...sandbox.env, SMS_PROVIDER: 'sinch' } };
}
