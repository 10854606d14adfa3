import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';
import { type BotWorld, makeBotWorld } from './support/whatsapp-bot-world';

/**
 * Issue 32's scale check: two API processes behind Meta's webhook (it posts to whichever the load
 * balancer picks), 1,000 customer messages from 100 phones at once. Each message is read once and
 * answered once, and each phone gets its replies in the order its messages asked for them, whichever
 * process took each message and whichever worker sent each reply.
 */

let t: TestApp;
let second: TestApp;
let owner: TestUser;
let sandbox: ProviderSandbox;
let world: BotWorld;

const PHONES = 100;
/** Each phone starts and cancels a booking five times: 10 messages, 15 replies. */
const SCRIPT = ['oi', 'cancelar', 'oi', 'cancelar', 'oi', 'cancelar', 'oi', 'cancelar', 'oi', 'cancelar'];
const EXPECTED_STEPS = Array.from({ length: 5 }, () => ['welcome', 'chooseSize', 'cancelled']).flat();

beforeAll(async () => {
  sandbox = await startProviderSandbox();
  const env = { ...sandbox.env, SMS_PROVIDER: 'sinch', JOBS_RETRY_DELAY_SECONDS: '1' };
  t = await startTestApp({ env });
  second = await startTestApp({ env, databaseUrl: t.databaseUrl });
  owner = await t.createUser({ roles: ['owner'] });
  world = await makeBotWorld(t, sandbox, owner, { name: 'Bot em dois processos', flowType: 'hourlyBooking', operationType: 'HOUR' });
  await world.addCompartment(1, 'P');
}, 120_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  await sandbox?.close();
});

describe('two API processes behind the WhatsApp webhook', () => {
  it('answers 1,000 messages from 100 phones each once, in order per phone', async () => {
    const phones = Array.from({ length: PHONES }, () => world.newCustomer());
    const targets = [t, second].map((app) => `${app.baseUrl}/io/api/v1/webhooks/whatsapp`);
    let posted = 0;
    const startedAt = Date.now();
    // Phones write at the same time; each phone's messages go one after the other (a person types in
    // order), each to whichever process the "load balancer" picks.
    await Promise.all(
      phones.map(async (from, index) => {
        for (const [step, text] of SCRIPT.entries()) {
          const result = await sandbox.whatsapp.customerSays(
            { to: world.number.phoneNumberId, from, text },
            { url: targets[(index + step) % 2] },
          );
          expect(result.status).toBe(200);
          posted += 1;
        }
      }),
    );
    expect(posted).toBe(PHONES * SCRIPT.length);
    const postedAt = Date.now();
    await eventually(
      async () => phones.filter((phone) => world.repliesTo(phone).length < EXPECTED_STEPS.length).length,
      (waiting) => waiting === 0,
      150_000,
    );
    console.info(`1,000 messages posted in ${postedAt - startedAt} ms, all answered ${Date.now() - startedAt} ms after the first`);
    // A reply reaches the customer before its send job records Meta's answer (the wamid). Waited
    // for by itself: Meta's receipts of 1,500 replies keep the inbound queue busy well past the last
    // reply, so "no job pending" may not come within any wait on a loaded machine.
    const rows = await eventually(
      async () =>
        (
          await t.database.db.execute<{
            wa_id: string;
            direction: string;
            step: string | null;
            processed: boolean;
            wamid: string | null;
          }>(sql`
            SELECT wa_id, direction, step, processed_at IS NOT NULL AS processed, wamid FROM bot_message
            WHERE bot_id = ${world.bot} ORDER BY seq`)
        ).rows,
      (all) => all.filter((row) => row.direction === 'out' && row.wamid).length >= PHONES * EXPECTED_STEPS.length,
      60_000,
    );
    const inbound = rows.filter((row) => row.direction === 'in');
    expect(inbound).toHaveLength(PHONES * SCRIPT.length);
    expect(inbound.every((row) => row.processed)).toBe(true);
    for (const phone of phones) {
      const replies = rows.filter((row) => row.wa_id === phone && row.direction === 'out');
      expect(replies.map((row) => row.step)).toEqual(EXPECTED_STEPS);
      // What reached the customer: each reply once (Meta's wamid), in the same order.
      const received = world.repliesTo(phone).map((message) => message.messageId);
      expect(received).toEqual(replies.map((row) => row.wamid));
    }
  }, 240_000);
});
