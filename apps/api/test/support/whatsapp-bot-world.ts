import { randomUUID } from 'node:crypto';
import type { ProviderSandbox, WhatsAppInboundResult, WhatsAppReceived } from '@ebox/provider-sandbox';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ok } from './answers';
import { eventually } from './eventually';
import type { TestApp, TestUser } from './test-app';

/**
 * A company with a locker in a cluster and a WhatsApp bot on one of the stand-in's numbers, and the
 * customer's side of a chat with it (say, choose, wait for the bot's replies), for the bot's tests.
 */

export type BotWorld = {
  company: string;
  cluster: string;
  locker: string;
  flow: string;
  bot: string;
  number: { phoneNumberId: string; accessToken: string };
  addCompartment(numberAt: number, size: string): Promise<string>;
  /** A new customer's 13-digit wa_id: 55, area code 21, 9, then a mobile's eight digits. */
  newCustomer(): string;
  repliesTo(waId: string): WhatsAppReceived[];
  waitForReplies(waId: string, count: number): Promise<WhatsAppReceived[]>;
  says(from: string, text: string): Promise<WhatsAppInboundResult>;
  chooses(from: string, type: 'list_reply' | 'button_reply', id: string, title: string): Promise<unknown>;
  /** No job of these names is still to run: what happened has all happened. */
  settled(jobs?: readonly string[], timeoutMs?: number): Promise<void>;
};

let phoneCounter = 0;
/** Where this test file's numbers start: files running side by side draw apart. */
const phoneBase = (Date.now() % 100_000) * 10;

/**
 * A new customer's 13-digit wa_id: 55, the area code, 9, then a mobile's eight digits (6 to 9 first,
 * so its 12-digit form is a mobile too). Unique within the file: a counter, not the clock, so 100
 * made in one millisecond differ too.
 */
export function newCustomerWaId(areaCode = '21'): string {
  phoneCounter += 1;
  return `55${areaCode}9${6 + (phoneCounter % 4)}${String((phoneBase + phoneCounter) % 10_000_000).padStart(7, '0')}`;
}

export const bodyOf = (message: WhatsAppReceived | undefined) => message?.text ?? message?.interactive?.body ?? '';

export async function makeBotWorld(
  t: TestApp,
  sandbox: ProviderSandbox,
  owner: TestUser,
  setup: { name: string; flowType: string; operationType: 'HOUR' | 'RANGE'; bot?: Record<string, unknown> },
): Promise<BotWorld> {
  sandbox.setStatusCallbackUrl(`${t.baseUrl}/io/api/v1/webhooks/whatsapp`);
  const number = sandbox.whatsapp.addNumber();
  const company = ok(
    await owner.api.post('/company', {
      data: { name: setup.name, type: 'shipper', companySettings: { orderTypes: ['STORAGE', 'DELIVERY'] } },
    }),
  ).id as string;
  const locker = ok(
    await owner.api.post('/ebox', {
      data: { name: `Armário ${setup.name}`, code: `ZP${Date.now() % 1_000_000}`, company, enable: true, terminalId: randomUUID() },
    }),
  ).id as string;
  const addCompartment = async (numberAt: number, size: string) =>
    ok(
      await owner.api.post('/compartiment', {
        data: {
          ebox: locker,
          number: numberAt,
          boardNumber: 1,
          numberInColumn: numberAt,
          comNumber: numberAt,
          size,
          width: 1,
          height: 1,
          depth: 1,
          enable: true,
        },
      }),
    ).id as string;
  const cluster = ok(
    await owner.api.post('/cluster', { data: { name: setup.name, company, enable: true, operationType: setup.operationType } }),
  ).id as string;
  ok(
    await owner.api.post('/clusterEbox', {
      data: { cluster, ebox: locker, sequenceCompartiments: 'LR-TB', clusterPosition: 1, enable: true },
    }),
  );
  const flow = ok(
    await owner.api.post('/botFlow', { data: { name: `Fluxo ${setup.name}`, type: setup.flowType, company, cluster, enable: true } }),
  ).id as string;
  const bot = ok(
    await owner.api.post('/bot', {
      data: {
        name: `Bot ${setup.name}`,
        phoneNumberId: number.phoneNumberId,
        accessToken: number.accessToken,
        company,
        cluster,
        flow,
        user: owner.id,
        enable: true,
        ...setup.bot,
      },
    }),
  ).id as string;
  const repliesTo = (waId: string) => sandbox.received('whatsapp').filter((message) => message.waId === waId);
  return {
    company,
    cluster,
    locker,
    flow,
    bot,
    number,
    addCompartment,
    newCustomer: () => newCustomerWaId(),
    repliesTo,
    waitForReplies: (waId, count) =>
      eventually(
        async () => repliesTo(waId),
        (replies) => replies.length >= count,
        20_000,
      ),
    async says(from, text) {
      const result = await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from, text });
      expect(result.status).toBe(200);
      return result;
    },
    async chooses(from, type, id, title) {
      const result = await sandbox.whatsapp.customerSays({ to: number.phoneNumberId, from, choice: { type, id, title } });
      expect(result.status).toBe(200);
      return result;
    },
    async settled(jobs = ['whatsapp.inbound', 'bot.send'], timeoutMs = 20_000) {
      // Answers the pending jobs themselves, so a run that never settles says which and why.
      await eventually(
        async () =>
          (
            await t.database.db.execute<{
              id: string;
              name: string;
              state: string;
              retries: number;
              startAfter: string;
              output: unknown;
            }>(sql`
              SELECT id, name, state, retry_count AS retries, start_after AS "startAfter", output FROM pgboss.job
              WHERE name = ANY(${`{${jobs.join(',')}}`}::text[]) AND state IN ('created', 'retry', 'active')`)
          ).rows,
        (pending) => pending.length === 0,
        timeoutMs,
      );
    },
  };
}
