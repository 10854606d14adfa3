/**
 * Issue 30's logistics benchmark ("How it is checked": inbound of 500 codes, and the delivery step's
 * proposal for 200 lockers and 10,000 inbound orders; targets 2 s and 1 s). The API runs in a
 * process of its own (bench/serve-api.ts) on a throw-away database holding BENCH_LOGISTICS_ORDERS
 * (100,000) orders across BENCH_COMPANIES (50) companies and the demo lockers (bench/generate.ts),
 * called by a user of one company with the editor role (a scoped user, as an operator is: every
 * statement carries the company condition). Each figure is printed beside a floor timed in the same
 * run, one call at a time, the two sides interleaved round by round:
 *
 * 1. POST /inbound/search with 500 random tracking codes of the user's company, BENCH_LOGISTICS_ROUNDS
 *    (20) rounds, round trip on loopback p50/p95; floor: the statement the service runs
 *    (modules/inbound/repository.ts: `= ANY` on lower(tracking_code) COLLATE "C", the company
 *    condition, newest first) sent by pg with the same codes. Target 2 s (the screen's 500 pasted codes).
 * 2. The delivery step for BENCH_LOGISTICS_LOCKERS (200) lockers of 40 compartments (P, M and G; a
 *    fifth OCCUPIED) and BENCH_LOGISTICS_INBOUND (10,000) INBOUND DELIVERY orders of the company at
 *    them: GET /packing/metrics (the three steps; the collections over the company's generated
 *    orders), GET /packing/steps/delivery page 1 and a page half-way in, p50/p95; floor: a plain
 *    `SELECT ebox_id, count(*) ... GROUP BY ebox_id` over the same orders. Target 1 s.
 * 3. POST /inbound of 500 CREATED DELIVERY orders, fresh each round, BENCH_LOGISTICS_SAVE_ROUNDS (3)
 *    rounds, p50/max; floor: one transaction's plain UPDATE of 500 other fresh orders' status.
 *    No target is written for it in the issue: it is printed beside the search's 2 s.
 *
 * The packing data is built as apps/api/test/packing.test.ts builds it (INSERT ... SELECT over
 * generate_series): generatePackingBenchData. Part 2 runs before part 3, so the saves' orders
 * (INBOUND at the demo lockers) are not in the delivery step timed.
 */
import http from 'node:http';
import pg from 'pg';
import { createTokenService } from '../apps/api/src/platform/auth/tokens';
import { user } from '../apps/api/src/platform/db/schema';
import { startBenchApi } from './bench-api';
import { generateBenchOrders } from './generate';
import { requestJson } from './http';
import { postgresCpu, postgresCpuBetween, usageOf } from './process-usage';
import { formatTable, percentile } from './table';

export type LogisticsBenchOptions = {
  orders: number;
  companies?: number;
  /** Rounds of the search and of each packing call (20). */
  rounds?: number;
  /** Rounds of the inbound save (3): each moves 500 fresh orders. */
  saveRounds?: number;
  lockers?: number;
  inboundOrders?: number;
  databaseUrl?: string;
  log?: (line: string) => void;
};

export type LogisticsFigure = {
  name: string;
  rounds: number;
  /** The API's times, ascending (ms). */
  api: number[];
  floorName: string;
  floor: number[];
  /** The high figure printed: p95, or max for a few rounds. */
  high: 'p95' | 'max';
  /** Target on the API's high figure, ms. */
  targetMs?: number;
  note?: string;
};

export type LogisticsResult = { figures: LogisticsFigure[]; notes: string[] };

const CODES = 500;
const JWT_SECRET = 'bench-logistics-secret-long-enough-for-hs256';

/** A deterministic random sequence (the same run draws the same codes). */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = 0; i < Math.min(count, copy.length); i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/**
 * The delivery step's data, as apps/api/test/packing.test.ts builds it (INSERT ... SELECT over
 * generate_series): `lockers` lockers of `company`, each with 40 compartments (P, M and G by number;
 * every fifth OCCUPIED, the rest AVAILABLE), and `orders` INBOUND DELIVERY orders of `company` spread
 * over them, sizes P (half), M and G mixed at every locker (by the order's rank there), received over
 * the last day. Answers the locker ids.
 */
export async function generatePackingBenchData(
  client: pg.ClientBase,
  options: { company: string; lockers: number; orders: number; log?: (line: string) => void },
): Promise<string[]> {
  const started = performance.now();
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO ebox (name, code, company_id, enable)
     SELECT 'Logística ' || g, 'LOG-' || lpad(g::text, 4, '0'), $1, true FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
    [options.company, options.lockers],
  );
  const lockers = rows.map((row) => row.id);
  await client.query(
    `INSERT INTO compartiment (ebox_id, number, board_number, number_in_column, com_number, size, status, enable, width, height, depth)
     SELECT l, n, 1 + (n - 1) / 32, n, 1 + (n - 1) % 32,
            CASE WHEN n % 4 = 0 THEN 'G' WHEN n % 4 = 1 THEN 'M' ELSE 'P' END,
            CASE WHEN n % 5 = 0 THEN 'OCCUPIED' ELSE 'AVAILABLE' END, true, 1, 1, 1
       FROM unnest($1::uuid[]) l, generate_series(1, 40) n`,
    [lockers],
  );
  await client.query(
    `INSERT INTO "order" (type, status, tracking_code, company_id, shipper_id, ebox_id, ebox_code, compartiment_size,
                          customer_name, inbound_at, created_at, updated_at)
     SELECT 'DELIVERY', 'INBOUND', 'LOGBENCH' || lpad(g::text, 6, '0'), $1, $1, e.id, e.code,
            CASE (g / array_length($2::uuid[], 1)) % 4 WHEN 0 THEN 'M' WHEN 1 THEN 'G' ELSE 'P' END,
            'Cliente Logística ' || g, now() - make_interval(secs => g * 8), now() - interval '2 days', now() - make_interval(secs => g * 8)
       FROM generate_series(0, $3::int - 1) g
       JOIN LATERAL (SELECT id, code FROM ebox WHERE id = ($2::uuid[])[1 + g % array_length($2::uuid[], 1)]) e ON true`,
    [options.company, lockers, options.orders],
  );
  await client.query('VACUUM ANALYZE ebox');
  await client.query('VACUUM ANALYZE compartiment');
  await client.query('VACUUM ANALYZE "order"');
  options.log?.(
    `generated ${lockers.length} lockers of 40 compartments and ${options.orders.toLocaleString('en-US')} INBOUND delivery orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return lockers;
}

/** `count` CREATED DELIVERY orders of `company` at the demo lockers, fresh for one save or its floor. */
async function freshCreatedOrders(pool: pg.Pool, company: string, lockers: string[], tag: string, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO "order" (type, status, tracking_code, company_id, shipper_id, ebox_id, ebox_code, compartiment_size,
                          customer_name, customer_phone, customer_email, overdue_date)
     SELECT 'DELIVERY', 'CREATED', $3 || lpad(g::text, 4, '0'), $1, $1, e.id, e.code, (ARRAY['P','M','G'])[1 + g % 3],
            'Cliente Entrada ' || g, '55219' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), 'entrada' || g || '@exemplo.com.br',
            now() + interval '5 days'
       FROM generate_series(1, $4::int) g
       JOIN LATERAL (SELECT id, code FROM ebox WHERE id = ($2::uuid[])[1 + g % array_length($2::uuid[], 1)]) e ON true
     RETURNING id`,
    [company, lockers, tag, count],
  );
  return rows.map((row) => row.id);
}

export async function runLogisticsBenchmark(options: LogisticsBenchOptions): Promise<LogisticsResult> {
  const log = options.log ?? (() => {});
  const rounds = options.rounds ?? 20;
  const saveRounds = options.saveRounds ?? 3;
  const notes: string[] = [];
  const api = await startBenchApi({
    customers: 1000,
    companies: options.companies,
    databaseUrl: options.databaseUrl,
    log,
    env: { JOBS_WORKER: 'false', JWT_SECRET },
    ownProcess: true,
  });
  const raw = new pg.Pool({ connectionString: api.databaseUrl, max: 4 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const company = api.companyIds[7 % api.companyIds.length] as string;
    const client = await api.database.pool.connect();
    let demoLockers: string[];
    try {
      ({ eboxIds: demoLockers } = await generateBenchOrders(client, { orders: options.orders, companyIds: api.companyIds, log }));
      await client.query('VACUUM ANALYZE "order"');
      await client.query('CHECKPOINT');
    } finally {
      client.release();
    }

    // A user of one company with the editor role (inboundCreate, orderUpdateStatus, packingCreate):
    // each call is scoped to the company, as an operator's are.
    const editor = await raw.query<{ id: string }>(`SELECT id FROM role WHERE name = 'editor'`);
    const [scoped] = await api.database.db
      .insert(user)
      .values({
        email: 'operador@ebox.local',
        emailVerified: true,
        roles: [editor.rows[0]?.id as string],
        allowedCompanies: [company],
        firstName: 'Operador',
      })
      .returning({ id: user.id, tokenVersion: user.tokenVersion });
    if (!scoped) throw new Error('scoped user not created');
    const token = await createTokenService(JWT_SECRET).sign({ sub: scoped.id, tv: scoped.tokenVersion });
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const warehouse = await raw.query<{ id: string }>(`INSERT INTO warehouse (name, company_id) VALUES ('CD Bench', $1) RETURNING id`, [
      company,
    ]);
    const warehouseId = warehouse.rows[0]?.id as string;
    const call = async (method: string, pathAndQuery: string, body?: unknown) => {
      const answer = await requestJson(agent, new URL(`${api.base}${pathAndQuery}`), { method, headers, body });
      if (answer.status >= 300) throw new Error(`${method} ${pathAndQuery}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body as Record<string, unknown>;
    };

    const figures: LogisticsFigure[] = [];

    // 1. The inbound search of 500 codes beside its statement.
    const codes = (
      await raw.query<{ code: string }>(`SELECT tracking_code AS code FROM "order" WHERE company_id = $1`, [company])
    ).rows.map((row) => row.code);
    log(`inbound search: ${CODES} of the company's ${codes.length.toLocaleString('en-US')} tracking codes a round, ${rounds} rounds`);
    const random = randomOf(30);
    const searchSql = `SELECT id, tracking_code AS "trackingCode", type, status, company_id AS company, ebox_code AS "eboxCode",
           compartiment_size AS "compartimentSize", customer_name AS "customerName"
      FROM "order"
     WHERE (lower(tracking_code) COLLATE "C") = ANY($1::text[])
       AND "order"."company_id" in ($2)
     ORDER BY created_at DESC, id`;
    const search = (picked: string[]) => call('POST', '/inbound/search', { data: { trackingCodes: picked } });
    const searchRaw = (picked: string[]) => raw.query(searchSql, [picked.map((code) => code.toLowerCase()), company]);
    // Warm both sides (the session's first load, the JIT, the plan) outside the timed rounds.
    for (let i = 0; i < 2; i++) {
      const picked = sample(codes, CODES, random);
      await search(picked);
      await searchRaw(picked);
    }
    const searchApi: number[] = [];
    const searchFloor: number[] = [];
    let found = 0;
    for (let round = 0; round < rounds; round++) {
      const picked = sample(codes, CODES, random);
      const sides = [
        async () => {
          const { ms, value } = await timed(() => search(picked));
          searchApi.push(ms);
          found = (value.rows as unknown[]).length;
        },
        async () => {
          const { ms, value } = await timed(() => searchRaw(picked));
          searchFloor.push(ms);
          if (value.rowCount !== CODES) throw new Error(`raw search found ${value.rowCount} of ${CODES}`);
        },
      ];
      if (round % 2) sides.reverse();
      for (const side of sides) await side();
    }
    if (found !== CODES) throw new Error(`POST /inbound/search answered ${found} rows for ${CODES} codes`);
    figures.push({
      name: `POST /inbound/search, ${CODES} codes`,
      rounds,
      api: searchApi,
      floorName: 'its statement (pg, = ANY)',
      floor: searchFloor,
      high: 'p95',
      targetMs: 2000,
    });

    // 2. The delivery step for 200 lockers and 10,000 inbound orders.
    const lockerCount = options.lockers ?? 200;
    const inboundOrders = options.inboundOrders ?? 10_000;
    const packingClient = await api.database.pool.connect();
    try {
      await generatePackingBenchData(packingClient, { company, lockers: lockerCount, orders: inboundOrders, log });
      await packingClient.query('CHECKPOINT');
    } finally {
      packingClient.release();
    }
    const deliveryTotal = await raw.query<{ n: string }>(
      `SELECT count(*) AS n FROM "order" WHERE status = 'INBOUND' AND type = 'DELIVERY' AND company_id = $1`,
      [company],
    );
    const deepOffset = Math.floor(Number(deliveryTotal.rows[0]?.n) / 2 / 25) * 25;
    const packingCalls: { name: string; run: () => Promise<Record<string, unknown>> }[] = [
      { name: 'GET /packing/metrics (three steps)', run: () => call('GET', '/packing/metrics') },
      { name: 'GET /packing/steps/delivery, page 1', run: () => call('GET', '/packing/steps/delivery?offset=0&limit=25') },
      {
        name: `GET /packing/steps/delivery, page ${deepOffset / 25 + 1}`,
        run: () => call('GET', `/packing/steps/delivery?offset=${deepOffset}&limit=25`),
      },
    ];
    const countSql = `SELECT ebox_id, count(*) FROM "order"
      WHERE status = 'INBOUND' AND type = 'DELIVERY' AND company_id = ANY($1::uuid[]) GROUP BY ebox_id`;
    const countRaw = () => raw.query(countSql, [[company]]);
    log(
      `delivery step: ${lockerCount} lockers, ${Number(deliveryTotal.rows[0]?.n).toLocaleString('en-US')} INBOUND delivery orders of the company, ${rounds} rounds a call`,
    );
    for (const { run } of packingCalls) await run();
    await countRaw();
    const packingTimes = packingCalls.map(() => [] as number[]);
    const countTimes: number[] = [];
    let metrics: Record<string, unknown> = {};
    let firstPage: Record<string, unknown> = {};
    for (let round = 0; round < rounds; round++) {
      for (const [index, { run }] of packingCalls.entries()) {
        const { ms, value } = await timed(run);
        packingTimes[index]?.push(ms);
        if (index === 0) metrics = value;
        if (index === 1) firstPage = value;
      }
      countTimes.push((await timed(countRaw)).ms);
    }
    const delivery = (metrics.steps as { step: string; total: number; lockers: { fits: number; notFitting: number }[] }[]).find(
      (step) => step.step === 'delivery',
    );
    const fits = delivery?.lockers.reduce((sum, row) => sum + row.fits, 0) ?? 0;
    const others = (metrics.steps as { step: string; total: number }[])
      .filter((step) => step.step !== 'delivery')
      .map((step) => `${step.step} ${step.total}`)
      .join(', ');
    notes.push(
      `delivery step: ${delivery?.total.toLocaleString('en-US')} orders at ${delivery?.lockers.length} lockers, ${fits.toLocaleString('en-US')} fit a free compartment (each locker: 16 P, 8 M and 8 G free for about 25 P, 12 M and 12 G orders); the metrics also counted ${others}; the step's count ${firstPage.count}`,
    );
    for (const [index, { name }] of packingCalls.entries())
      figures.push({
        name,
        rounds,
        api: packingTimes[index] ?? [],
        floorName: 'count(*) GROUP BY ebox_id',
        floor: countTimes,
        high: 'p95',
        targetMs: 1000,
      });

    // 3. The inbound save of 500 orders beside one transaction's UPDATE of 500 orders.
    log(`inbound save: ${CODES} fresh CREATED delivery orders a round, ${saveRounds} rounds`);
    const saveApi: number[] = [];
    const saveFloor: number[] = [];
    const saveCpu: { api: number; pg: number }[] = [];
    for (let round = 0; round < saveRounds + 1; round++) {
      const forApi = await freshCreatedOrders(raw, company, demoLockers, `IN${round}A`, CODES);
      const forFloor = await freshCreatedOrders(raw, company, demoLockers, `IN${round}F`, CODES);
      await raw.query('ANALYZE "order"');
      const apiCpuBefore = usageOf(api.apiPid).cpuSeconds;
      const pgCpuBefore = postgresCpu();
      const save = await timed(() =>
        call('POST', '/inbound', { data: { name: `Bench ${round}`, company, warehouse: warehouseId, orders: forApi } }),
      );
      const apiCpu = usageOf(api.apiPid).cpuSeconds - apiCpuBefore;
      const pgCpu = postgresCpuBetween(pgCpuBefore, postgresCpu());
      const moved = await raw.query<{ n: string }>(`SELECT count(*) AS n FROM "order" WHERE id = ANY($1::uuid[]) AND status = 'INBOUND'`, [
        forApi,
      ]);
      if (Number(moved.rows[0]?.n) !== CODES) throw new Error(`POST /inbound moved ${moved.rows[0]?.n} of ${CODES} orders`);
      const floorClient = await raw.connect();
      const update = await timed(async () => {
        try {
          await floorClient.query('BEGIN');
          await floorClient.query(
            `UPDATE "order" SET status = 'INBOUND', inbound_at = now(), updated_at = now() WHERE id = ANY($1::uuid[])`,
            [forFloor],
          );
          await floorClient.query('COMMIT');
        } finally {
          floorClient.release();
        }
      });
      // The first round warms both sides (the insert path, the lifecycle's statements): not counted.
      if (round === 0) {
        log(`  warm-up round: save ${save.ms.toFixed(0)} ms, UPDATE ${update.ms.toFixed(0)} ms`);
        continue;
      }
      log(
        `  round ${round}: save ${save.ms.toFixed(0)} ms (API CPU ${(apiCpu * 1000).toFixed(0)} ms, PostgreSQL CPU ${(pgCpu * 1000).toFixed(0)} ms, every postgres process on the machine), UPDATE ${update.ms.toFixed(0)} ms`,
      );
      saveCpu.push({ api: apiCpu * 1000, pg: pgCpu * 1000 });
      saveApi.push(save.ms);
      saveFloor.push(update.ms);
    }
    figures.push({
      name: `POST /inbound, ${CODES} orders moved`,
      rounds: saveRounds,
      api: saveApi,
      floorName: `UPDATE of ${CODES} orders, one tx`,
      floor: saveFloor,
      high: 'max',
      targetMs: 2000,
      note: "the issue's 2 s is the search's; the save has none of its own",
    });
    const mean = (pick: (cpu: { api: number; pg: number }) => number) => saveCpu.reduce((sum, cpu) => sum + pick(cpu), 0) / saveCpu.length;
    notes.push(
      `inbound save: per save of ${CODES} orders, API CPU ${mean((cpu) => cpu.api).toFixed(0)} ms and PostgreSQL CPU ${mean((cpu) => cpu.pg).toFixed(0)} ms on average (every postgres process on the machine: an upper bound); the rest of the wall time is waiting, for the round trips and for the shared cores`,
    );
    for (const figure of figures) {
      figure.api.sort((a, b) => a - b);
      figure.floor.sort((a, b) => a - b);
    }
    return { figures, notes };
  } finally {
    agent.destroy();
    await raw.end();
    await api.stop();
  }
}

export function formatLogisticsResults(result: LogisticsResult): string {
  const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const high = (figure: LogisticsFigure, times: number[]) => (figure.high === 'max' ? (times.at(-1) ?? Number.NaN) : percentile(times, 95));
  const table = formatTable(
    ['figure', 'rounds', 'p50 ms', 'p95/max ms', 'floor', 'floor p50 ms', 'floor p95/max ms', 'x floor (p50)', 'target'],
    result.figures.map((figure) => {
      const p50 = percentile(figure.api, 50);
      const top = high(figure, figure.api);
      const floorP50 = percentile(figure.floor, 50);
      return [
        figure.name,
        String(figure.rounds),
        ms(p50),
        `${ms(top)} (${figure.high})`,
        figure.floorName,
        ms(floorP50),
        `${ms(high(figure, figure.floor))} (${figure.high})`,
        `${(p50 / floorP50).toFixed(1)}x`,
        figure.targetMs === undefined
          ? ''
          : `<= ${figure.targetMs / 1000} s: ${top <= figure.targetMs ? 'met' : 'missed'}${figure.note ? '*' : ''}`,
      ];
    }),
  );
  const notes = [...result.figures.filter((figure) => figure.note).map((figure) => `* ${figure.name}: ${figure.note}`), ...result.notes];
  return [table, ...notes].join('\n');
}
