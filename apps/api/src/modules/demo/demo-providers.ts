import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ProviderSandbox, startProviderSandbox, type WhatsAppChoice } from '@ebox/provider-sandbox';

/**
 * `npm start` with demo data and no messaging provider configured: the provider sandbox (one local
 * server speaking WhatsApp Cloud, FCM, AWS SNS, Sinch and Mercado Pago as they really are) stands in
 * for them, so the demo's customers are messaged end to end, WhatsApp's delivery reports come back
 * signed and the demo's paid bots charge their Pix there. Any provider setting given turns the
 * sandbox off: the console then talks to what was configured.
 */

const PROVIDER_SETTINGS = /^(WHATSAPP_|FCM_|SNS_|SINCH_|MERCADO_PAGO_|SMS_PROVIDER$)/;

/** The demo bots' WhatsApp numbers, by bot: kept in the data folder, as the bots saved in the database name them. */
export const DEMO_BOT_KEYS = ['hourlyFree', 'hourlyPaid', 'support'] as const;
export type DemoBotKey = (typeof DEMO_BOT_KEYS)[number];
export type DemoNumber = { phoneNumberId: string; accessToken: string; displayPhoneNumber: string };

export type DemoProviders = {
  sandbox: ProviderSandbox;
  env: Record<string, string>;
  numbers: Record<DemoBotKey, DemoNumber>;
  /** Where a person or `npm run sim -- --whatsapp N` writes to the demo bots as a customer (see docs/whatsapp-bot.md). */
  chatUrl: string;
  close(): Promise<void>;
};

/**
 * The sandbox's FCM service account key, kept in the data folder beside the console's own secrets:
 * making a 2048-bit RSA key took a fifth of a second of every start, seconds on a busy machine.
 */
const FCM_KEY_FILE = 'provider-sandbox-fcm-key.pem';
const NUMBERS_FILE = 'provider-sandbox-demo-numbers.json';
/** The chat's address, for `npm run sim -- --whatsapp N` run beside this console (same DATA_DIR). */
export const DEMO_CHAT_FILE = 'provider-sandbox-chat.json';

/** Written whole then renamed: a start stopped halfway never leaves half a file to the next. */
function writeWhole(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.${process.pid}`, text, { mode: 0o600 });
  renameSync(`${file}.${process.pid}`, file);
}

function demoNumbersOf(dataDir: string): Record<DemoBotKey, DemoNumber> {
  const file = path.join(dataDir, NUMBERS_FILE);
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<DemoBotKey, DemoNumber>>) : {};
  let changed = false;
  const numbers = {} as Record<DemoBotKey, DemoNumber>;
  for (const [i, key] of DEMO_BOT_KEYS.entries()) {
    const found = kept[key];
    if (found) numbers[key] = found;
    else {
      changed = true;
      const digits = String(Date.now() % 100_000_000).padStart(8, '0');
      numbers[key] = {
        phoneNumberId: `10${digits}${String(i).padStart(5, '0')}`,
        accessToken: `EAAG${randomBytes(36).toString('base64url')}`,
        displayPhoneNumber: `5521300000${String(i + 1).padStart(2, '0')}`,
      };
    }
  }
  if (changed) writeWhole(file, JSON.stringify(numbers, null, 2));
  return numbers;
}

export async function startDemoProviders(env: NodeJS.ProcessEnv, dataDir: string): Promise<DemoProviders | null> {
  if (env.SEED_DEMO === 'false' || Object.keys(env).some((name) => PROVIDER_SETTINGS.test(name) && env[name])) return null;
  const keyFile = path.join(dataDir, FCM_KEY_FILE);
  const kept = existsSync(keyFile) ? readFileSync(keyFile, 'utf8') : undefined;
  const sandbox = await startProviderSandbox({ host: '127.0.0.1', credentials: { fcmPrivateKey: kept } });
  if (!kept) writeWhole(keyFile, sandbox.fcm.serviceAccount.private_key);
  const numbers = demoNumbersOf(dataDir);
  for (const number of Object.values(numbers)) sandbox.whatsapp.addNumber(number);
  const chat = await startDemoChat(sandbox);
  const chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}`;
  writeWhole(path.join(dataDir, DEMO_CHAT_FILE), JSON.stringify({ chatUrl, numbers }, null, 2));
  return {
    sandbox,
    env: { ...sandbox.env, ...sandbox.mercadoPago.env, SMS_PROVIDER: 'sinch' },
    numbers,
    chatUrl,
    async close() {
      chat.closeAllConnections();
      await new Promise<void>((resolve) => chat.close(() => resolve()));
      await sandbox.close();
    },
  };
}

type ChatRequest = { to?: string; from?: string; text?: string; choice?: WhatsAppChoice; approve?: string };

/**
 * The customer's side of the stand-in over HTTP, on loopback only: Meta has no such API, a person (curl)
 * and the simulated customers in another process need one. POST /say {to, from, text | choice};
 * GET /replies?waId=; POST /approve {approve: paymentId} pays a Pix as the page's "Simular pagamento".
 */
async function startDemoChat(sandbox: ProviderSandbox): Promise<Server> {
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? '/', 'http://chat');
      if (request.method === 'GET' && url.pathname === '/replies') {
        const waId = url.searchParams.get('waId');
        return answer(
          200,
          sandbox.received('whatsapp').filter((message) => message.waId === waId),
        );
      }
      if (request.method !== 'POST') return answer(404, { error: 'GET /replies?waId=, POST /say or POST /approve' });
      let text = '';
      for await (const chunk of request) text += chunk;
      const body = JSON.parse(text || '{}') as ChatRequest;
      if (url.pathname === '/approve' && body.approve) return answer(200, sandbox.mercadoPago.approve(body.approve));
      if (url.pathname === '/say' && body.to && body.from && (body.text || body.choice)) {
        const said = body.choice
          ? await sandbox.whatsapp.customerSays({ to: body.to, from: body.from, choice: body.choice })
          : await sandbox.whatsapp.customerSays({ to: body.to, from: body.from, text: String(body.text) });
        return answer(200, { status: said.status });
      }
      return answer(400, { error: 'POST /say {to, from, text | choice} or POST /approve {approve: paymentId}' });
    } catch (error) {
      answer(400, { error: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
