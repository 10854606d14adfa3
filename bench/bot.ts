/**
 * Bot benchmark (issue 32, last check): `conversations` customers (200) chat at once with `bots` (1)
 * free hourly bots, each its own number and cluster, each customer from "oi" to a booking with its
 * access code, through the provider sandbox's WhatsApp Cloud API stand-in, against the API in its own process on a temporary PostgreSQL (its
 * job worker in the same process, as `npm start` runs it). Each cluster has exactly one compartment
 * per customer of its bot, so the last bookings race for the last free doors.
 *
 * Each customer writes as a person would, without pausing: a message, then the next once the bot's
 * answer to it has arrived ("oi", a size from the list, a start, the hours, "Confirmar"). Measured:
 * - bookings per minute: confirmed bookings over the time from the first "oi" to the last booking;
 * - webhook-in to reply-sent: from posting a signed inbound notification to the stand-in's receipt
 *   of the first reply to it (p50/p95/max), target p95 ≤ 300 ms; beside it the API's answer to the
 *   webhook POST (signature checked, the job queued: the request's own share);
 * - the floor, in the same run before the API starts: a reply POSTed by a plain loop straight at the
 *   stand-in's send endpoint, from the POST to the stand-in's receipt: what a reply costs when the
 *   console does no work at all, at the same concurrency;
 * - no double booking: no compartment under two live orders, orders = bookings confirmed;
 * - no duplicate reply: every message of one customer in `duplicateEvery` (10) is delivered three
 *   times (the original and two `deliverAgain`s, at once, as Meta may), and each of those customers
 *   must get exactly the replies of one delivery (7: welcome, sizes, start, hours, confirm, booked,
 *   QR), each inbound wamid recorded once.
 */

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { type ProviderSandbox, startProviderSandbox, type WhatsAppReceived } from '@ebox/provider-sandbox';
import pg from 'pg';
import { startBenchApi } from './bench-api';
import { requestAnswer } from './http';
import { costliestStatements, formatStatements, resetStatements, STATEMENT_SETTINGS } from './pg-statements';
import { runAll } from './run-all';
import { type Delays, delaysOf, formatTable } from './table';

export type BotBenchOptions = {
  conversations?: number;
  /**
   * Bots, each with its own number, cluster and lockers (1), the customers dealt among them, as a
   * network with a bot per cluster spreads them. Meta's 80 sends a second hold per number: 200
   * customers on one number ask for more than that at their peaks (the pace floor shows its cost).
   */
  bots?: number;
  /** One customer in this many has each message delivered three times. */
  duplicateEvery?: number;
  /** How long one customer waits for the bot's answer to a message before giving up. */
  replyTimeoutSeconds?: number;
  /**
   * A customer's pause between the bot's answer and its next message, on average (ms; each pause
   * drawn between half and one and a half of it). A person reads and types; and one number sends at
   * most 80 messages a second (Meta's limit, enforced by the console and the stand-in), so 200
   * customers answering at once would only measure that queue.
   */
  thinkMs?: number;
  databaseUrl?: string;
  /** Print the statements PostgreSQL spent the conversations' time on (embedded server only). */
  statements?: boolean;
  log?: (line: string) => void;
};

export type BotBenchResult = {
  conversations: number;
  bots: number;
  thinkMs: number;
  /** Booked within the customers' wait for each reply (the rate counts these). */
  bookings: number;
  /** Booking replies received by the end, late ones included. */
  confirmed: number;
  /** First "oi" posted to the last booking's reply received (s). */
  seconds: number;
  bookingsPerMinute: number;
  replies: number;
  repliesPerSecond: number;
  /** Webhook posted to the stand-in's receipt of the first reply to it. */
  latency: Delays;
  /** Webhook posted to the API's 200. */
  webhookAnswer: Delays;
  floor: Delays;
  /**
   * The same messages' first replies had each left the moment it was asked for, held only to Meta's
   * 80 sends in any sliding second of the number: the delay no console could beat at that demand.
   */
  paceFloor: Delays;
  /** The most replies one number was asked for in one second (its limit is 80). */
  peakDemandPerSecond: number;
  orders: number;
  doubleBooked: number;
  duplicated: { customers: number; deliveries: number; extraReplies: number; wamidsRecordedTwice: number };
  /** Where the first reply's time went, p50 and p95 of each stretch (ms), from the database's stamps. */
  stretches: { name: string; p50: number; p95: number }[];
  /** The bot's jobs that ran more than once (a retried error: each costs its backoff), and why. */
  retried: { name: string; jobs: number; reasons: string[] }[];
  failures: string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Arrival = { message: WhatsAppReceived; at: number };

/**
 * The time the stand-in accepted each message, per recipient: waitForReceived resolves from the
 * stand-in's own request handler (same process), so the time is taken on the same turn. A customer
 * waits for its count of replies with `waitFor`.
 */
function recordArrivals(sandbox: ProviderSandbox) {
  const all: Arrival[] = [];
  const byWaId = new Map<string, Arrival[]>();
  let waiters: { waId: string; count: number; resolve: () => void }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const received = await sandbox.waitForReceived('whatsapp', all.length + 1).catch(() => undefined);
      if (!received) return;
      const at = Date.now();
      for (const message of received.slice(all.length)) {
        const arrival = { message, at };
        all.push(arrival);
        byWaId.set(message.waId, [...(byWaId.get(message.waId) ?? []), arrival]);
      }
      waiters = waiters.filter((waiter) => {
        if ((byWaId.get(waiter.waId)?.length ?? 0) < waiter.count) return true;
        waiter.resolve();
        return false;
      });
    }
  })();
  return {
    all,
    of: (waId: string) => byWaId.get(waId) ?? [],
    /** Resolves true once `waId` has `count` replies, false after `timeoutMs`. */
    waitFor(waId: string, count: number, timeoutMs: number): Promise<boolean> {
      if ((byWaId.get(waId)?.length ?? 0) >= count) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== entry);
          resolve(false);
        }, timeoutMs);
        const entry = {
          waId,
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        waiters.push(entry);
      });
    },
    async stop() {
      stopped = true;
      await loop.catch(() => {});
    },
  };
}

const bodyOf = (message: WhatsAppReceived | undefined) => message?.text ?? message?.interactive?.body ?? message?.image?.caption ?? '';
const BOOKED = /Reserva confirmada|Booking confirmed/i;

/** A customer's chat: what it sends, and how many replies each message gets. */
type Step =
  | { text: string; replies: number }
  | { choice: { type: 'list_reply' | 'button_reply'; id: string; title: string }; replies: number };
const SCRIPT: Step[] = [
  { text: 'oi', replies: 2 },
  { choice: { type: 'list_reply', id: 'size:P', title: 'P' }, replies: 1 },
  { text: '08:00', replies: 1 },
  { text: '2', replies: 1 },
  // The booking and its QR code.
  { choice: { type: 'button_reply', id: 'confirm', title: 'Confirmar' }, replies: 2 },
];
/** The floor's sends in flight: as many as the API's send jobs run side by side (bot.send's concurrency). */
const FLOOR_IN_FLIGHT = 8;
const EXPECTED_REPLIES = SCRIPT.reduce((sum, step) => sum + step.replies, 0);

/** 13-digit Brazilian mobiles, apart from any other run's. */
const waIdOf = (index: number, run: number) => `55219${String(run).padStart(4, '0')}${String(index).padStart(4, '0')}`;

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/**
 * One free hourly bot with its own number, cluster and exactly one P compartment per customer (ten
 * boards of 32 channels make a locker's 320 at most), as the bot tests make it
 * (apps/api/test/support/whatsapp-bot-world.ts).
 */
async function createBenchBot(
  call: Call,
  world: { company: string; owner: string; index: number; customers: number; sandbox: ProviderSandbox },
): Promise<{ id: string; phoneNumberId: string }> {
  const { company, index, customers } = world;
  const number = world.sandbox.whatsapp.addNumber();
  const lockers: string[] = [];
  for (let l = 0; l * 320 < customers; l += 1) {
    const locker = (
      await call('POST', '/ebox', {
        data: {
          name: `Armário Bot Bench ${index + 1}.${l + 1}`,
          code: `BB${index}${l}${Date.now() % 100_000}`,
          company,
          enable: true,
          terminalId: randomUUID(),
        },
      })
    ).id as string;
    lockers.push(locker);
  }
  await runAll(customers, 10, async (i) => {
    const inLocker = i % 320;
    await call('POST', '/compartiment', {
      data: {
        ebox: lockers[Math.floor(i / 320)],
        number: inLocker + 1,
        boardNumber: 1 + Math.floor(inLocker / 32),
        numberInColumn: 1 + (inLocker % 32),
        comNumber: 1 + (inLocker % 32),
        size: 'P',
        width: 1,
        height: 1,
        depth: 1,
        enable: true,
      },
    });
  });
  const name = `Bot Bench ${index + 1}`;
  const cluster = (await call('POST', '/cluster', { data: { name, company, enable: true, operationType: 'HOUR' } })).id as string;
  for (const [position, locker] of lockers.entries()) {
    await call('POST', '/clusterEbox', {
      data: { cluster, ebox: locker, sequenceCompartiments: 'LR-TB', clusterPosition: position + 1, enable: true },
    });
  }
  const flow = (await call('POST', '/botFlow', { data: { name: `Fluxo ${name}`, type: 'hourlyBooking', company, cluster, enable: true } }))
    .id as string;
  const bot = (
    await call('POST', '/bot', {
      data: {
        name,
        phoneNumberId: number.phoneNumberId,
        accessToken: number.accessToken,
        company,
        cluster,
        flow,
        user: world.owner,
        enable: true,
      },
    })
  ).id as string;
  return { id: bot, phoneNumberId: number.phoneNumberId };
}

export async function runBotBenchmark(options: BotBenchOptions = {}): Promise<BotBenchResult> {
  const log = options.log ?? (() => {});
  const conversations = options.conversations ?? 200;
  const duplicateEvery = options.duplicateEvery ?? 10;
  const replyTimeoutMs = (options.replyTimeoutSeconds ?? 60) * 1000;
  const thinkMs = options.thinkMs ?? 5000;
  const botCount = Math.max(1, Math.min(options.bots ?? 1, conversations));
  const sandbox = await startProviderSandbox();
  const arrivals = recordArrivals(sandbox);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let api: Awaited<ReturnType<typeof startBenchApi>> | undefined;
  try {
    // The floor: a reply POSTed straight at the stand-in's send endpoint, as many and as many at
    // once as the run's replies, before the API starts.
    const floorNumber = sandbox.whatsapp.addNumber({ enforceWindow: false, messagesPerSecond: 0 });
    const floorUrl = new URL(`${sandbox.url}/${sandbox.whatsapp.apiVersion}/${floorNumber.phoneNumberId}/messages`);
    const floorHeaders = { authorization: `Bearer ${floorNumber.accessToken}` };
    const floorCount = conversations * SCRIPT.length;
    log(`  floor: ${floorCount.toLocaleString('en-US')} replies POSTed straight at the stand-in, ${FLOOR_IN_FLIGHT} at once`);
    const floorDelays: number[] = [];
    await runAll(floorCount, FLOOR_IN_FLIGHT, async (i) => {
      const to = `55119${String(i).padStart(8, '0')}`;
      const sentAt = Date.now();
      const answer = await requestAnswer(agent, floorUrl, {
        method: 'POST',
        headers: floorHeaders,
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { body: `floor ${i}` },
        },
      });
      if (answer.status !== 200) throw new Error(`floor send ${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (await arrivals.waitFor(to, 1, 10_000)) floorDelays.push((arrivals.of(to)[0] as Arrival).at - sentAt);
    });

    api = await startBenchApi({
      customers: 0,
      companies: 1,
      databaseUrl: options.databaseUrl,
      log,
      env: sandbox.env,
      ownProcess: true,
      databaseSettings: options.statements ? STATEMENT_SETTINGS : undefined,
    });
    const { base, headers } = api;
    const call: Call = async (method, path, body) => {
      const answer = await requestAnswer(agent, new URL(`${base}${path}`), { method, headers, body });
      if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    sandbox.setStatusCallbackUrl(`${base}/webhooks/whatsapp`);
    const company = (
      await call('POST', '/company', {
        data: { name: 'Bot Bench', type: 'shipper', companySettings: { orderTypes: ['STORAGE', 'DELIVERY'] } },
      })
    ).id as string;
    // Each bot its own number, cluster and lockers, as the demo gives each cluster a bot; its
    // customers are every `bots`-th one.
    const bots: { id: string; phoneNumberId: string }[] = [];
    for (let b = 0; b < botCount; b += 1) {
      bots.push(
        await createBenchBot(call, {
          company,
          owner: api.ownerId,
          index: b,
          customers: Math.ceil((conversations - b) / botCount),
          sandbox,
        }),
      );
    }
    const botIds = bots.map((bot) => bot.id);
    const run = Date.now() % 10_000;
    const phones = Array.from({ length: conversations }, (_, i) => waIdOf(i, run));
    const latencies: number[] = [];
    const webhookAnswers: number[] = [];
    const failures: string[] = [];
    const bookedAt: number[] = [];
    /** Each message's wamid: when it was posted, and when the stand-in got the first reply to it. */
    const timed: { wamid: string; step: number; sentAt: number; firstReplyAt: number }[] = [];
    /** Each message posted and how many replies it asks for (the pace floor's input). */
    const demands: { number: string; sentAt: number; replies: number }[] = [];
    let deliveries = 0;
    log(
      `  ${conversations} customers from "oi" to a booking, ${thinkMs} ms between the bot's answer and the next message on average, one in ${duplicateEvery} with every message delivered three times`,
    );
    const statementsPool = options.statements ? new pg.Pool({ connectionString: api.databaseUrl, max: 1 }) : undefined;
    if (statementsPool) await resetStatements(statementsPool);
    const startedAt = Date.now();
    await Promise.all(
      phones.map(async (from, index) => {
        const tripled = index % duplicateEvery === 0;
        const to = (bots[index % botCount] as { phoneNumberId: string }).phoneNumberId;
        let expected = 0;
        for (const [stepIndex, step] of SCRIPT.entries()) {
          // The customers start spread over one pause, then read and type between messages.
          await sleep(stepIndex === 0 ? Math.random() * thinkMs : thinkMs * (0.5 + Math.random()));
          const before = expected;
          expected += step.replies;
          const message = 'text' in step ? { to, from, text: step.text } : { to, from, choice: step.choice };
          const sentAt = Date.now();
          demands.push({ number: to, sentAt, replies: step.replies });
          const posted = sandbox.whatsapp.customerSays(message);
          const answered = posted.then((result) => {
            if (result.status !== 200) throw new Error(`webhook answered ${result.status ?? result.error}`);
            webhookAnswers.push(Date.now() - sentAt);
            return result;
          });
          if (tripled) {
            // Meta's duplicates, at once: the same bytes twice more while the first is handled.
            const { wamid } = await answered;
            deliveries += 2;
            await Promise.all([sandbox.whatsapp.deliverAgain(wamid), sandbox.whatsapp.deliverAgain(wamid)]);
          }
          await answered;
          if (!(await arrivals.waitFor(from, expected, replyTimeoutMs))) {
            failures.push(
              `${from}: ${arrivals.of(from).length} of ${expected} replies after ${'text' in step ? step.text : step.choice.id}`,
            );
            return;
          }
          const first = arrivals.of(from)[before] as Arrival;
          latencies.push(first.at - sentAt);
          timed.push({ wamid: (await answered).wamid, step: stepIndex, sentAt, firstReplyAt: first.at });
        }
        const replies = arrivals.of(from);
        const booked = replies.find((reply) => BOOKED.test(bodyOf(reply.message)));
        if (booked) bookedAt.push(booked.at);
        else failures.push(`${from}: no booking (${bodyOf(replies.at(-2)?.message)})`);
      }),
    );
    const lastBooking = Math.max(...bookedAt);
    const seconds = (lastBooking - startedAt) / 1000;
    if (statementsPool) {
      log(`  PostgreSQL's statements over the conversations (${seconds.toFixed(0)} s):`);
      log(formatStatements(await costliestStatements(statementsPool, 15), seconds));
      await statementsPool.end();
    }
    // The late replies of customers who gave up waiting, then a moment for a reply that would
    // follow the last one (a duplicate's).
    await Promise.all(phones.map((phone) => arrivals.waitFor(phone, EXPECTED_REPLIES, replyTimeoutMs)));
    await sleep(2000);
    const confirmed = phones.filter((phone) => arrivals.of(phone).some((reply) => BOOKED.test(bodyOf(reply.message)))).length;

    const pool = new pg.Pool({ connectionString: api.databaseUrl, max: 1 });
    let orders = 0;
    let doubleBooked = 0;
    let wamidsRecordedTwice = 0;
    const stretches: BotBenchResult['stretches'] = [];
    let retried: BotBenchResult['retried'] = [];
    try {
      // The stamps of each message's way: its inbound job (created, started), the first reply to it
      // written (the conversation's transaction), and the phone's next send job to start after that.
      const ways = new Map(
        (
          await pool.query<{ wamid: string; created: number; started: number; written: number; send_started: number | null }>(
            `SELECT m.wamid,
                    extract(epoch FROM j.created_on) * 1000 AS created,
                    extract(epoch FROM j.started_on) * 1000 AS started,
                    extract(epoch FROM r.received_at) * 1000 AS written,
                    (SELECT extract(epoch FROM min(s.started_on)) * 1000 FROM pgboss.job s
                      WHERE s.name = 'bot.send' AND s.data->>'waId' = m.wa_id AND s.started_on >= r.received_at) AS send_started
               FROM bot_message m
               JOIN pgboss.job j ON j.name = 'whatsapp.inbound'
                AND j.data->'notification'->'entry'->0->'changes'->0->'value'->'messages'->0->>'id' = m.wamid
               JOIN LATERAL (SELECT received_at FROM bot_message o WHERE o.bot_id = m.bot_id AND o.wa_id = m.wa_id
                 AND o.direction = 'out' AND o.seq > m.seq ORDER BY o.seq LIMIT 1) r ON true
              WHERE m.bot_id = ANY($1) AND m.direction = 'in'
              ORDER BY j.created_on DESC`,
            [botIds],
          )
        ).rows.map((row) => [row.wamid, row]),
      );
      const stretch = (
        name: string,
        of: (way: { sentAt: number; firstReplyAt: number } & Record<string, number | null>) => number | null,
      ) => {
        const values = timed.flatMap((message) => {
          const way = ways.get(message.wamid);
          if (!way) return [];
          const value = of({ ...message, ...way } as never);
          return value === null || !Number.isFinite(value) ? [] : [value];
        });
        const d = delaysOf(values);
        stretches.push({ name, p50: d.p50, p95: d.p95 });
      };
      // Each queue's jobs (those still kept) and the inbound wait by five seconds of the run:
      // where a backlog formed, and at which step of the script.
      log('  jobs by queue, and the inbound wait by five seconds of the run:');
      const queues = await pool.query(
        `SELECT name, count(*)::int AS jobs,
                round(avg(extract(epoch FROM started_on - created_on) * 1000)) AS wait_ms,
                round(avg(extract(epoch FROM completed_on - started_on) * 1000)) AS run_ms,
                round(max(extract(epoch FROM completed_on - started_on) * 1000)) AS max_run_ms
           FROM pgboss.job GROUP BY name ORDER BY count(*) DESC`,
      );
      for (const row of queues.rows)
        log(`  ${row.name}: ${row.jobs} jobs, wait ${row.wait_ms} ms, run ${row.run_ms} ms (max ${row.max_run_ms})`);
      const windows = new Map<number, number[]>();
      for (const message of timed) {
        const way = ways.get(message.wamid);
        if (!way) continue;
        const window = Math.floor((message.sentAt - startedAt) / 5000);
        windows.set(window, [...(windows.get(window) ?? []), Number(way.started) - Number(way.created)]);
      }
      for (const [window, waits] of [...windows].sort((a, b) => a[0] - b[0])) {
        const d = delaysOf(waits);
        log(
          `  ${window * 5}-${window * 5 + 5} s: ${d.count} messages, inbound wait p50 ${d.p50.toFixed(0)} p95 ${d.p95.toFixed(0)} max ${d.max.toFixed(0)}`,
        );
      }
      // Each step's own work, from its inbound job's start to its first reply written: the
      // booking ("Confirmar") makes the order.
      for (const [index, step] of SCRIPT.entries()) {
        const d = delaysOf(
          timed.flatMap((message) => {
            const way = ways.get(message.wamid);
            return message.step === index && way ? [Number(way.written) - Number(way.started)] : [];
          }),
        );
        const said = 'text' in step ? step.text : step.choice.title;
        log(`  "${said}": inbound job started → reply written p50 ${d.p50.toFixed(0)} p95 ${d.p95.toFixed(0)} max ${d.max.toFixed(0)} ms`);
      }
      stretch('webhook posted → inbound job inserted', (w) => Number(w.created) - w.sentAt);
      stretch('inbound job inserted → started', (w) => Number(w.started) - Number(w.created));
      stretch('inbound job started → reply written', (w) => Number(w.written) - Number(w.started));
      stretch('reply written → send job started', (w) => (w.send_started === null ? null : Number(w.send_started) - Number(w.written)));
      stretch('send job started → reply at the stand-in', (w) =>
        w.send_started === null ? null : w.firstReplyAt - Number(w.send_started),
      );
      retried = (
        await pool.query<{ name: string; jobs: number; reasons: string[] }>(
          `SELECT name, count(*)::int AS jobs, (array_agg(DISTINCT left(coalesce(output->>'message', ''), 120)))[1:3] AS reasons
             FROM pgboss.job WHERE name IN ('whatsapp.inbound', 'bot.send') AND retry_count > 0 GROUP BY name`,
        )
      ).rows;
      orders = Number(
        (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "order" WHERE company_id = $1 AND status <> 'CANCELED'`, [company]))
          .rows[0]?.n ?? 0,
      );
      doubleBooked = (
        await pool.query(
          `SELECT compartiment_id FROM "order" WHERE company_id = $1 AND status <> 'CANCELED' AND compartiment_id IS NOT NULL
           GROUP BY compartiment_id HAVING count(*) > 1`,
          [company],
        )
      ).rowCount as number;
      wamidsRecordedTwice = (
        await pool.query(`SELECT wamid FROM bot_message WHERE bot_id = ANY($1) AND direction = 'in' GROUP BY wamid HAVING count(*) > 1`, [
          botIds,
        ])
      ).rowCount as number;
    } finally {
      await pool.end();
    }
    const tripledPhones = phones.filter((_, index) => index % duplicateEvery === 0);
    const extraReplies = tripledPhones.reduce((sum, phone) => sum + Math.max(0, arrivals.of(phone).length - EXPECTED_REPLIES), 0);
    const replies = phones.reduce((sum, phone) => sum + arrivals.of(phone).length, 0);
    return {
      conversations,
      bots: botCount,
      thinkMs,
      bookings: bookedAt.length,
      confirmed,
      seconds,
      bookingsPerMinute: (bookedAt.length / seconds) * 60,
      replies,
      repliesPerSecond: replies / seconds,
      latency: delaysOf(latencies),
      webhookAnswer: delaysOf(webhookAnswers),
      floor: delaysOf(floorDelays),
      ...paceFloorOfNumbers(demands, META_MESSAGES_PER_SECOND),
      orders,
      doubleBooked,
      duplicated: { customers: tripledPhones.length, deliveries, extraReplies, wamidsRecordedTwice },
      stretches,
      retried,
      failures,
    };
  } finally {
    agent.destroy();
    await api?.stop();
    await sandbox.close();
    await arrivals.stop();
  }
}

/** Meta's throughput per number (the console's WHATSAPP_MESSAGES_PER_SECOND default). */
const META_MESSAGES_PER_SECOND = 80;

/** paceFloorOf for each number apart (Meta counts per number): every first reply's delay, and the busiest number's peak. */
function paceFloorOfNumbers(
  demands: { number: string; sentAt: number; replies: number }[],
  perSecond: number,
): { paceFloor: Delays; peakDemandPerSecond: number } {
  const numbers = new Map<string, typeof demands>();
  for (const demand of demands) numbers.set(demand.number, [...(numbers.get(demand.number) ?? []), demand]);
  const each = [...numbers.values()].map((ofNumber) => paceFloorOf(ofNumber, perSecond));
  return {
    paceFloor: delaysOf(each.flatMap((floor) => floor.delays)),
    peakDemandPerSecond: Math.max(0, ...each.map((floor) => floor.peakDemandPerSecond)),
  };
}

/**
 * Replays the demand at a sender that does nothing but respect Meta's limit as Meta counts it (at
 * most `perSecond` in any sliding second), sending each reply the moment it may: the first reply's
 * delay from its message, and the most replies asked for in one second.
 */
function paceFloorOf(demands: { sentAt: number; replies: number }[], perSecond: number): { delays: number[]; peakDemandPerSecond: number } {
  const sent: number[] = [];
  const delays: number[] = [];
  const ordered = [...demands].sort((a, b) => a.sentAt - b.sentAt);
  for (const demand of ordered) {
    for (let reply = 0; reply < demand.replies; reply++) {
      const oldest = sent.length >= perSecond ? (sent[sent.length - perSecond] as number) + 1000 : 0;
      const at = Math.max(demand.sentAt, oldest, sent.at(-1) ?? 0);
      sent.push(at);
      if (reply === 0) delays.push(at - demand.sentAt);
    }
  }
  let peak = 0;
  for (let first = 0, last = 0; last < ordered.length; last++) {
    while ((ordered[last] as { sentAt: number }).sentAt - (ordered[first] as { sentAt: number }).sentAt >= 1000) first++;
    let replies = 0;
    for (let i = first; i <= last; i++) replies += (ordered[i] as { replies: number }).replies;
    peak = Math.max(peak, replies);
  }
  return { delays, peakDemandPerSecond: peak };
}

export function formatBotResults(result: BotBenchResult): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  const line = (name: string, d: Delays) => [name, d.count.toLocaleString('en-US'), ms(d.p50), ms(d.p95), ms(d.max)];
  const noDoubleBooking = result.doubleBooked === 0 && result.orders === result.confirmed;
  const noDuplicate = result.duplicated.extraReplies === 0 && result.duplicated.wamidsRecordedTwice === 0;
  return [
    formatTable(
      ['delay', 'samples', 'p50 ms', 'p95 ms', 'max ms'],
      [
        line('webhook posted → first reply at the stand-in', result.latency),
        line('webhook posted → API answered 200', result.webhookAnswer),
        line('floor: a reply POSTed straight at the stand-in', result.floor),
        line(`floor: the same demand held only to Meta's ${META_MESSAGES_PER_SECOND}/s`, result.paceFloor),
      ],
    ),
    '',
    formatTable(
      ["where the first reply's time went (database stamps)", 'p50 ms', 'p95 ms'],
      result.stretches.map((s) => [s.name, ms(s.p50), ms(s.p95)]),
    ),
    '',
    `peak demand: ${result.peakDemandPerSecond} replies asked of one number in one second (Meta takes ${META_MESSAGES_PER_SECOND} a second from one number)`,
    `bookings: ${result.bookings} of ${result.conversations} conversations with ${result.bots} bot${result.bots === 1 ? '' : 's'} (${result.thinkMs} ms between answer and next message on average) in ${result.seconds.toFixed(1)} s: ${result.bookingsPerMinute.toFixed(0)} bookings/min; ${result.replies.toLocaleString('en-US')} replies, ${result.repliesPerSecond.toFixed(1)}/s`,
    `double booking: ${result.orders} live orders for ${result.confirmed} bookings confirmed (late ones included), ${result.doubleBooked} compartments under two live orders: ${noDoubleBooking ? 'none' : 'FOUND'}`,
    `duplicates: ${result.duplicated.customers} customers with every message delivered 3 times (${result.duplicated.deliveries} extra deliveries): ${result.duplicated.extraReplies} extra replies, ${result.duplicated.wamidsRecordedTwice} wamids recorded twice: ${noDuplicate ? 'none' : 'FOUND'}`,
    `jobs run again: ${result.retried.length ? result.retried.map((r) => `${r.name} ${r.jobs} (${r.reasons.join('; ')})`).join(', ') : 'none'}`,
    ...(result.failures.length ? [`failures (${result.failures.length}): ${result.failures.slice(0, 5).join('; ')}`] : []),
    `target (issue 32): webhook-in to reply-sent p95 ≤ 300 ms with ${result.bots} number${result.bots === 1 ? '' : 's'}: ${result.latency.p95 <= 300 ? 'met' : 'missed'}${result.paceFloor.p95 > 0 ? ` (Meta's 80 a second alone, the pace floor: p95 ${ms(result.paceFloor.p95)} ms)` : ''}`,
  ].join('\n');
}
