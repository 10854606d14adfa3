/**
 * Messaging benchmark (issue 27, last check): order status changes fanned out to customer messages
 * and webhooks through the local provider servers. The API runs in its own process on a temporary
 * PostgreSQL with the provider sandbox's settings (SMS_PROVIDER=sinch) and WEBHOOK_ALLOW_LOOPBACK;
 * one company has channelFallback ['sms'], one SMS template on CANCELED and a webhook to a local
 * receiver that verifies every delivery with the unmodified `standardwebhooks` package.
 *
 * `orders` orders are created first (POST /order, ten in flight; their `order.created` deliveries
 * are let through before the clock starts). Then each is canceled (DELETE /order?ids[]=) at `rate`
 * a second, open loop: one SMS (CANCELED) and two webhooks (order.status_changed, order.canceled)
 * per order. Measured: messages and deliveries per second over the phase; the delay from each
 * DELETE's answer to the Sinch endpoint's receipt of the order's SMS, and to the receiver's receipt
 * of each delivery (p50/p95/max); orders without their SMS or webhooks (loss); an order's SMS twice
 * or a webhook id (or an order's event type) twice (duplicates). Beside it, in the same run and
 * before the API starts, the floor: as many SMS POSTed by a plain loop straight at the sandbox's
 * Sinch endpoint at the same rate, from the POST to the receipt. Waiting for the last arrivals stops
 * `settleSeconds` after the last change's answer, whatever arrived.
 */
import http from 'node:http';
import { type ProviderSandbox, startProviderSandbox } from '@ebox/provider-sandbox';
import { startWebhookReceiver } from '../apps/api/test/support/webhook-receiver';
import { startBenchApi } from './bench-api';
import { requestAnswer } from './http';
import { runAll } from './run-all';
import { type Delays, delaysOf, formatTable } from './table';

export type MessagingBenchOptions = {
  orders?: number;
  /** Status changes (and floor SMS) per second. */
  rate?: number;
  /** How long to wait for the last SMS and webhooks after the last change's answer. */
  settleSeconds?: number;
  databaseUrl?: string;
  log?: (line: string) => void;
};

export type MessagingBenchResult = {
  orders: number;
  rate: number;
  /** The changes' phase: first DELETE sent to last DELETE answered (s), and the rate achieved. */
  changeSeconds: number;
  changesPerSecond: number;
  deleteAnswer: Delays;
  sms: Delays & { perSecond: number; lost: number; duplicates: number };
  webhooks: Delays & { perSecond: number; lost: number; duplicateIds: number; duplicateEvents: number };
  floor: Delays & { perSecond: number; lost: number };
  settledInTime: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Runs `work(i)` for i in [0, count) with `concurrency` in flight. */

/**
 * Starts `work(i)` for i in [0, count) at `rate` a second from now, open loop (a slow answer does
 * not hold the next start back); answers once every one has settled.
 */
async function atRate(count: number, rate: number, work: (i: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / rate;
    if (due > performance.now()) await sleep(due - performance.now());
    running.push(work(i));
  }
  await Promise.all(running);
}

/**
 * The arrival time of every SMS the sandbox accepts, as it is accepted: waitForReceived resolves
 * from the sandbox's own request handler (same process), so the time is taken on the same turn.
 */
function recordSmsArrivals(sandbox: ProviderSandbox) {
  const arrivals: { text: string; at: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const received = await sandbox.waitForReceived('sinch', arrivals.length + 1).catch(() => undefined);
      if (!received) return;
      const at = Date.now();
      for (const message of received.slice(arrivals.length)) arrivals.push({ text: message.text, at });
    }
  })();
  return {
    arrivals,
    async stop() {
      stopped = true;
      await loop.catch(() => {});
    },
  };
}

async function until(deadline: number, done: () => boolean): Promise<boolean> {
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

export async function runMessagingBenchmark(options: MessagingBenchOptions = {}): Promise<MessagingBenchResult> {
  const log = options.log ?? (() => {});
  const orders = options.orders ?? 10_000;
  const rate = options.rate ?? 50;
  const settleMs = (options.settleSeconds ?? 60) * 1000;
  const sandbox = await startProviderSandbox();
  const receiver = await startWebhookReceiver();
  const sms = recordSmsArrivals(sandbox);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let api: Awaited<ReturnType<typeof startBenchApi>> | undefined;
  try {
    // The floor: the sandbox alone, SMS POSTed straight at its Sinch endpoint at the same rate.
    const sinchUrl = new URL(`${sandbox.url}/xms/v1/${sandbox.sinch.servicePlanId}/batches`);
    const sinchHeaders = { authorization: `Bearer ${sandbox.sinch.apiToken}` };
    const floorSent: number[] = new Array(orders);
    log(`  floor: ${orders.toLocaleString('en-US')} SMS straight at the sandbox at ${rate}/s`);
    const floorStarted = Date.now();
    await atRate(orders, rate, async (i) => {
      floorSent[i] = Date.now();
      const { status } = await requestAnswer(agent, sinchUrl, {
        method: 'POST',
        headers: sinchHeaders,
        body: { from: sandbox.sinch.from, to: ['+5521987654321'], body: `floor ${i}` },
      });
      if (status !== 201) throw new Error(`floor SMS ${i}: ${status}`);
    });
    await until(Date.now() + settleMs, () => sms.arrivals.filter((a) => a.text.startsWith('floor ')).length >= orders);
    const floorArrivals = sms.arrivals.filter((a) => a.text.startsWith('floor '));
    const floorDelays = floorArrivals.map((a) => a.at - (floorSent[Number(a.text.slice(6))] as number));
    const floorSeconds = ((floorArrivals.at(-1)?.at ?? Date.now()) - floorStarted) / 1000;
    const floorSeen = new Set(floorArrivals.map((a) => a.text));

    api = await startBenchApi({
      customers: 0,
      companies: 1,
      databaseUrl: options.databaseUrl,
      log,
      env: { ...sandbox.env, SMS_PROVIDER: 'sinch', WEBHOOK_ALLOW_LOOPBACK: 'true' },
      ownProcess: true,
    });
    const { base, headers } = api;
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await requestAnswer(agent, new URL(`${base}${path}`), { method, headers, body });
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const company = (
      await call('POST', '/company', {
        data: { name: 'Loja Mensagens Bench', type: 'shipper', companySettings: { channelFallback: ['sms'] } },
      })
    ).id as string;
    await call('POST', '/ccm', {
      data: {
        type: 'sms',
        subType: 'delivery',
        trigger: 'CANCELED',
        enable: true,
        company,
        content: 'Seu pedido {{order.trackingCode}} foi cancelado.',
      },
    });
    const webhook = await call('POST', '/webhook', { data: { url: receiver.url, company, enable: true } });
    receiver.secrets.push(webhook.secret as string);

    // The orders, before the clock starts; their order.created deliveries too.
    const createdAt = performance.now();
    const ids: string[] = new Array(orders);
    const codes: string[] = new Array(orders);
    await runAll(orders, 10, async (i) => {
      const trackingCode = `MSGB${String(i).padStart(7, '0')}`;
      const order = await call('POST', '/order', {
        data: {
          type: 'DELIVERY',
          trackingCode,
          shipper: company,
          company,
          customerName: 'Mariana Souza',
          customerPhone: '(21) 98765-4321',
        },
      });
      ids[i] = order.id as string;
      codes[i] = trackingCode;
    });
    const createdOk = await until(
      Date.now() + settleMs,
      () => receiver.received.filter((d) => d.body.type === 'order.created').length >= orders,
    );
    log(
      `  ${orders.toLocaleString('en-US')} orders created in ${((performance.now() - createdAt) / 1000).toFixed(1)} s${createdOk ? '' : ' (not all order.created deliveries arrived)'}`,
    );
    const indexOfCode = new Map(codes.map((code, i) => [code, i]));
    const indexOfId = new Map(ids.map((id, i) => [id, i]));

    // The measured phase: each order canceled at `rate` a second.
    log(`  ${orders.toLocaleString('en-US')} cancels at ${rate}/s`);
    const sentAt: number[] = new Array(orders);
    const answeredAt: number[] = new Array(orders);
    const phaseStarted = Date.now();
    await atRate(orders, rate, async (i) => {
      sentAt[i] = Date.now();
      const answer = await requestAnswer(agent, new URL(`${base}/order?ids[]=${ids[i]}`), { method: 'DELETE', headers });
      answeredAt[i] = Date.now();
      if (answer.status !== 200) throw new Error(`DELETE /order ${ids[i]}: ${answer.status} ${JSON.stringify(answer.body)}`);
    });
    const lastAnswer = Date.now();
    const isChange = (type: string) => type === 'order.status_changed' || type === 'order.canceled';
    const orderSms = () => sms.arrivals.filter((a) => !a.text.startsWith('floor '));
    const settledInTime = await until(
      lastAnswer + settleMs,
      () => orderSms().length >= orders && receiver.received.filter((d) => isChange(d.body.type)).length >= 2 * orders,
    );
    // A moment more for a duplicate that would follow the last arrival.
    await sleep(1000);

    const smsArrivals = orderSms();
    const smsByOrder = new Map<number, number[]>();
    for (const arrival of smsArrivals) {
      const i = indexOfCode.get(/MSGB\d{7}/.exec(arrival.text)?.[0] ?? '');
      if (i !== undefined) smsByOrder.set(i, [...(smsByOrder.get(i) ?? []), arrival.at]);
    }
    const smsDelays = [...smsByOrder].map(([i, at]) => (at[0] as number) - (answeredAt[i] as number));
    const smsLast = Math.max(...smsArrivals.map((a) => a.at));

    const deliveries = receiver.received.filter((d) => isChange(d.body.type));
    const hookDelays: number[] = [];
    const idsSeen = new Map<string, number>();
    const eventsSeen = new Map<string, number>();
    for (const delivery of deliveries) {
      idsSeen.set(delivery.id, (idsSeen.get(delivery.id) ?? 0) + 1);
      const key = `${delivery.body.data.orderId}:${delivery.body.type}`;
      eventsSeen.set(key, (eventsSeen.get(key) ?? 0) + 1);
      const i = indexOfId.get(delivery.body.data.orderId as string);
      if (i !== undefined && eventsSeen.get(key) === 1) hookDelays.push(delivery.receivedAt - (answeredAt[i] as number));
    }
    const hooksLost = ids.filter((id) => !eventsSeen.has(`${id}:order.status_changed`) || !eventsSeen.has(`${id}:order.canceled`)).length;
    const hookLast = Math.max(...deliveries.map((d) => d.receivedAt));

    const changeSeconds = (lastAnswer - phaseStarted) / 1000;
    return {
      orders,
      rate,
      changeSeconds,
      changesPerSecond: orders / changeSeconds,
      deleteAnswer: delaysOf(answeredAt.map((at, i) => at - (sentAt[i] as number))),
      sms: {
        ...delaysOf(smsDelays),
        perSecond: smsArrivals.length / ((smsLast - phaseStarted) / 1000),
        lost: orders - smsByOrder.size,
        duplicates: [...smsByOrder.values()].filter((at) => at.length > 1).length,
      },
      webhooks: {
        ...delaysOf(hookDelays),
        perSecond: deliveries.length / ((hookLast - phaseStarted) / 1000),
        lost: hooksLost,
        duplicateIds: [...idsSeen.values()].filter((n) => n > 1).length,
        duplicateEvents: [...eventsSeen.values()].filter((n) => n > 1).length,
      },
      floor: { ...delaysOf(floorDelays), perSecond: floorArrivals.length / floorSeconds, lost: orders - floorSeen.size },
      settledInTime,
    };
  } finally {
    agent.destroy();
    await api?.stop();
    await sandbox.close();
    await sms.stop();
    await receiver.close();
  }
}

export function formatMessagingResults(result: MessagingBenchResult): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  const line = (name: string, d: Delays & { perSecond: number }, lost: number, duplicates: string) => [
    name,
    d.count.toLocaleString('en-US'),
    d.perSecond.toFixed(1),
    ms(d.p50),
    ms(d.p95),
    ms(d.max),
    String(lost),
    duplicates,
  ];
  const met =
    result.sms.p95 <= 2000 &&
    result.webhooks.p95 <= 2000 &&
    result.sms.lost === 0 &&
    result.webhooks.lost === 0 &&
    result.sms.duplicates === 0 &&
    result.webhooks.duplicateIds === 0 &&
    result.webhooks.duplicateEvents === 0;
  return [
    formatTable(
      ['status change → receipt', 'received', 'per s', 'p50 ms', 'p95 ms', 'max ms', 'lost', 'duplicates'],
      [
        line('SMS at the Sinch endpoint', result.sms, result.sms.lost, String(result.sms.duplicates)),
        line(
          'webhooks at the receiver',
          result.webhooks,
          result.webhooks.lost,
          `${result.webhooks.duplicateIds} ids, ${result.webhooks.duplicateEvents} events`,
        ),
        line('floor: SMS POSTed at the sandbox', result.floor, result.floor.lost, '-'),
      ],
    ),
    '',
    `changes: ${result.orders.toLocaleString('en-US')} DELETE /order at ${result.rate}/s asked, ${result.changesPerSecond.toFixed(1)}/s done over ${result.changeSeconds.toFixed(1)} s; DELETE answer p50 ${ms(result.deleteAnswer.p50)} ms, p95 ${ms(result.deleteAnswer.p95)} ms, max ${ms(result.deleteAnswer.max)} ms`,
    'delays: SMS and webhooks from the DELETE answer (each of the two webhooks of an order counted); the floor from the POST',
    result.settledInTime ? 'every SMS and webhook arrived before the deadline' : 'deadline reached before every SMS and webhook arrived',
    `target (issue 27): p95 ≤ 2 s, no loss, no duplicate: ${met ? 'met' : 'missed'}`,
  ].join('\n');
}
