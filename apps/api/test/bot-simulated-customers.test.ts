import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatLink, type ChatReply, runWhatsAppCustomers, summarizeWhatsAppCustomers } from '../../terminal-sim/src/whatsapp-customers';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { type BotWorld, makeBotWorld } from './support/whatsapp-bot-world';

/**
 * `npm run sim -- --whatsapp N`'s customers against the console itself (issue 32 item 6): a free
 * hourly bot, a paid one charging Pix at the Mercado Pago stand-in and a support bot, each on its
 * own stand-in number; every flow's customer finishes its chat with the console's real answers.
 */

let t: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let worlds: { hourlyFree: BotWorld; hourlyPaid: BotWorld; support: BotWorld };

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  t = await startTestApp({
    env: { ...sandbox.env, ...sandbox.mercadoPago.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' },
  });
  owner = await t.createUser({ roles: ['owner'] });
  worlds = {
    hourlyFree: await makeBotWorld(t, sandbox, owner, { name: 'Sim Grátis', flowType: 'hourlyBooking', operationType: 'HOUR' }),
    hourlyPaid: await makeBotWorld(t, sandbox, owner, {
      name: 'Sim Pix',
      flowType: 'hourlyBooking',
      operationType: 'HOUR',
      bot: { isPaid: true, catalog: { unit: 'HOUR', priceP: 4 }, paymentMethods: ['pix'] },
    }),
    support: await makeBotWorld(t, sandbox, owner, { name: 'Sim Suporte', flowType: 'logisticSupport', operationType: 'HOUR' }),
  };
  for (let at = 1; at <= 4; at += 1) {
    await worlds.hourlyFree.addCompartment(at, 'P');
    await worlds.hourlyPaid.addCompartment(at, 'P');
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const link = (): ChatLink => ({
  async say({ to, from, text, choice }) {
    const result = await sandbox.whatsapp.customerSays(choice ? { to, from, choice } : { to, from, text: String(text) });
    expect(result.status).toBe(200);
  },
  replies: async (waId) => sandbox.received('whatsapp').filter((message) => message.waId === waId) as ChatReply[],
  async approve(paymentId) {
    sandbox.mercadoPago.approve(paymentId);
  },
});

describe('simulated WhatsApp customers against the console', () => {
  it('finish every flow: free and paid bookings, a Pix paid and one left to expire, wrong answers, a cancel, support', async () => {
    const bots = {
      hourlyFree: worlds.hourlyFree.number.phoneNumberId,
      hourlyPaid: worlds.hourlyPaid.number.phoneNumberId,
      support: worlds.support.number.phoneNumberId,
    };
    const summary = summarizeWhatsAppCustomers(await runWhatsAppCustomers(link(), bots, 6, { quietMs: 200 }));
    expect(summary.errors).toEqual([]);
    expect(summary).toMatchObject({
      conversations: 6,
      finished: 6,
      bookings: 4,
      paymentsApproved: 1,
      paymentsLeftToExpire: 1,
      turnedAway: 0,
    });
  }, 90_000);
});
