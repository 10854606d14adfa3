import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePushSettings } from '../src/config';
import { startDemoProviders } from '../src/modules/demo/demo-providers';
import { createFcmProvider } from '../src/platform/message-providers/fcm';

/**
 * The provider sandbox `npm start` runs for the demo keeps its FCM service account key in the data
 * folder: a second start reuses it rather than making a new RSA key, and FCM still accepts the
 * console's signed token requests with it.
 */
describe('the demo providers across starts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebox-demo-providers-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('When the console starts again on the same data folder, Then the sandbox signs in FCM with the key it kept', async () => {
    const first = await startDemoProviders({ SEED_DEMO: 'true' }, dataDir);
    const keyFile = path.join(dataDir, 'provider-sandbox-fcm-key.pem');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    await first?.close();

    const second = await startDemoProviders({ SEED_DEMO: 'true' }, dataDir);
    if (!first || !second) throw new Error('the sandbox should start with demo data and no provider settings');
    try {
      expect(second.sandbox.fcm.serviceAccount.private_key).toBe(first.sandbox.fcm.serviceAccount.private_key);
      const settings = parsePushSettings({ ...second.env, PROVIDER_TIMEOUT_MS: '3000' });
      if (!settings) throw new Error('push settings expected');
      const sent = await createFcmProvider(settings).send({ token: 'device-token-1', title: 'Parcel stored', body: 'Code 482913' });
      expect(sent.providerMessageId).toMatch(new RegExp(`^projects/${second.sandbox.fcm.projectId}/messages/`));
    } finally {
      await second.close();
    }
  });

  it("When the console starts again, Then the demo bots' numbers are the same and still accepted, and Mercado Pago is the stand-in", async () => {
    const first = await startDemoProviders({ SEED_DEMO: 'true' }, dataDir);
    await first?.close();
    const second = await startDemoProviders({ SEED_DEMO: 'true' }, dataDir);
    if (!first || !second) throw new Error('the sandbox should start with demo data and no provider settings');
    try {
      expect(second.numbers).toEqual(first.numbers);
      expect(second.env.MERCADO_PAGO_API_URL).toBe(second.sandbox.mercadoPago.apiUrl);
      const { phoneNumberId, accessToken } = second.numbers.hourlyPaid;
      const sent = await fetch(`${second.sandbox.url}/${second.env.WHATSAPP_API_VERSION}/${phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: '5521999990000', type: 'text', text: { body: 'oi' } }),
      });
      expect(sent.status).toBe(200);
      // The customer's side over loopback HTTP, as the sim in another process uses it.
      const replies = await fetch(`${second.chatUrl}/replies?waId=5521999990000`);
      expect(((await replies.json()) as { text?: string }[]).map((message) => message.text)).toEqual(['oi']);
    } finally {
      await second.close();
    }
  });

  it('When a messaging provider is configured, Then no sandbox starts', async () => {
    expect(await startDemoProviders({ SEED_DEMO: 'true', SMS_PROVIDER: 'sns' }, dataDir)).toBeNull();
  });
});
