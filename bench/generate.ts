/**
 * Bench data: 100,000 customers across 50 companies (sizes and defaults overridable), written by
 * PostgreSQL itself with INSERT ... SELECT over generate_series, so 100,000 rows take seconds.
 * Names, e-mails and phones are Brazilian-looking and deterministic: the same run gives the same
 * data, and filters in the benchmark hit a known share of rows.
 *
 * Alone: `BENCH_DATABASE_URL=postgres://... npx tsx bench/generate.ts [customers] [companies]`
 * (the database must be migrated).
 */
import { pathToFileURL } from 'node:url';
import type { OrderStatus } from '@ebox/domain';
import pg from 'pg';
import { DEMO_LOCKERS } from '../apps/api/src/modules/demo/demo-data';

export const FIRST_NAMES = [
  'Ana',
  'Beatriz',
  'Bruno',
  'Camila',
  'Carlos',
  'Daniela',
  'Eduardo',
  'Fernanda',
  'Gabriel',
  'Helena',
  'Igor',
  'Juliana',
  'João',
  'Larissa',
  'Lucas',
  'Mariana',
  'Mateus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Pedro',
  'Rafaela',
  'Rodrigo',
  'Sofia',
  'Thiago',
  'Vanessa',
  'Vinícius',
  'Yasmin',
  'André',
  'Letícia',
];
export const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Teixeira',
  'Correia',
  'Araújo',
  'Pinto',
  'Moura',
  'Cavalcanti',
  'Monteiro',
  'Barros',
  'Campos',
];
const AREA_CODES = ['11', '21', '31', '41', '51', '61', '71', '81', '85', '91'];

/** ASCII e-mail local parts: strip accents the way a person typing them would. */
function plain(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const sqlArray = (items: string[]) => `ARRAY[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export type GenerateOptions = { customers?: number; companies?: number; log?: (line: string) => void };
export type GeneratedData = { companyIds: string[]; customers: number; millis: number };

/**
 * Adds `companies` carrier/shipper companies and `customers` customers spread evenly over them,
 * created over the past year. Answers the company ids in creation order.
 */
export async function generateBenchData(client: pg.ClientBase, options: GenerateOptions = {}): Promise<GeneratedData> {
  const customers = options.customers ?? 100_000;
  const companies = options.companies ?? 50;
  const started = performance.now();

  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO company (name, type, external_id, company_settings, max_days_overdue_date_delivery, created_at, updated_at)
       SELECT 'Empresa Bench ' || lpad(i::text, 3, '0'),
              CASE WHEN i % 2 = 0 THEN 'carrier' ELSE 'shipper' END,
              'BENCH-' || lpad(i::text, 3, '0'),
              '{"orderTypes":["DELIVERY","RETURN"],"smsGateway":"AWS"}'::jsonb,
              3 + i % 5,
              now() - make_interval(days => 400 - i),
              now() - make_interval(days => 400 - i)
       FROM generate_series(1, $1::int) AS i
       ORDER BY i
       RETURNING id`,
      [companies],
    );
    const companyIds = rows.map((row) => row.id);

    // Names come from hashes of i (hashint4 is deterministic), so they do not line up with the
    // company (i % 50): "silva" matches about 1 in 20 customers of every company alike.
    const pick = (list: string[], salt: number) => `(${sqlArray(list)})[1 + (hashint4(i + ${salt})::bigint + 2147483648) % ${list.length}]`;
    await client.query(
      `WITH names AS (
         SELECT i,
                ${pick(FIRST_NAMES, 0)} AS first_name,
                ${pick(LAST_NAMES, 1_000_003)} AS middle_name,
                ${pick(LAST_NAMES, 2_000_029)} AS last_name,
                ${pick(FIRST_NAMES.map(plain), 0)} AS first_plain,
                ${pick(LAST_NAMES.map(plain), 2_000_029)} AS last_plain
         FROM generate_series(0, $1::int - 1) AS i
       )
       INSERT INTO customer (name, cellphone, email, document_number, company_id, pcd, enable, created_at, updated_at)
       SELECT first_name || ' ' || middle_name || ' ' || last_name,
              '55' || (${sqlArray(AREA_CODES)})[1 + i % ${AREA_CODES.length}] || '9' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
              first_plain || '.' || last_plain || i || '@exemplo.com.br',
              lpad(((i::bigint * 104729) % 1000000000)::text, 9, '0') || lpad((i % 100)::text, 2, '0'),
              ($2::uuid[])[1 + i % array_length($2::uuid[], 1)],
              i % 50 = 0,
              i % 10 <> 0,
              now() - make_interval(secs => (i * 311) % 31536000),
              now()
       FROM names`,
      [customers, companyIds],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE company');
    await client.query('ANALYZE customer');
    const millis = performance.now() - started;
    options.log?.(`generated ${companies} companies and ${customers.toLocaleString('en-US')} customers in ${(millis / 1000).toFixed(1)} s`);
    return { companyIds, customers, millis };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

export type GenerateOrdersOptions = { orders: number; companyIds: string[]; log?: (line: string) => void };

const ORDER_TYPES = ['DELIVERY', 'RETURN', 'STORAGE', 'SEND', 'SMARTDROP'];
// Statuses the domain has (ORDER_STATUSES): an answer's schema refuses any other.
const ORDER_STATUSES = ['CREATED', 'STORED', 'CUSTOMER_TAKEN', 'EXPIRED', 'CANCELED'] as const satisfies readonly OrderStatus[];
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** The tracking code the k-th generated order has (a search finds it whole). */
export const benchTrackingCode = (k: number) => `BR${String(k).padStart(10, '0')}XX`;

/**
 * The demo network's lockers (modules/demo/demo-data.ts), owned by the first bench companies, and
 * `orders` orders spread over every company and those lockers, all created within the last 30 days
 * (so a 31-day period, as the order list and export require, holds them all). Type, status and
 * locker come from hashes of the row number, so they do not line up with the company (i % n):
 * a status and company filter finds about a fifth of the company's orders.
 */
export async function generateBenchOrders(client: pg.ClientBase, options: GenerateOrdersOptions): Promise<{ eboxIds: string[] }> {
  const started = performance.now();
  const { companyIds, orders } = options;
  const lockers = await client.query<{ id: string }>(
    `INSERT INTO ebox (name, code, street, number, neighborhood, city, state, postal_code, working_hours, shared, enable, company_id)
     SELECT l->>'name', l->>'code', l->>'street', l->>'number', l->>'neighborhood', l->>'city', l->>'state', l->>'postalCode',
            l->>'workingHours', coalesce((l->>'shared')::boolean, false), true, ($2::uuid[])[1 + (k - 1) % array_length($2::uuid[], 1)]
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(l, k)
     ORDER BY k
     RETURNING id, code`,
    [JSON.stringify(DEMO_LOCKERS.map((locker) => locker.data)), companyIds],
  );
  const eboxIds = lockers.rows.map((row) => row.id);
  const hashed = (salt: number, n: number) => `(hashint4(i + ${salt})::bigint + 2147483648) % ${n}`;
  await client.query(
    `WITH lockers AS (SELECT array_agg(id ORDER BY created_at, code) AS ids, array_agg(code ORDER BY created_at, code) AS codes FROM ebox WHERE id = ANY($3::uuid[])),
     rows AS (SELECT i, 1 + ${hashed(13, eboxIds.length)} AS locker FROM generate_series(0, $1::int - 1) AS i)
     INSERT INTO "order" (type, tracking_code, reference_number, status, company_id, shipper_id, carrier_id, ebox_id, ebox_code,
                          compartiment_number, customer_name, customer_phone, customer_email, compartiment_size, overdue_date, created_at, updated_at)
     SELECT (${sqlArray(ORDER_TYPES)})[1 + ${hashed(7, ORDER_TYPES.length)}],
            'BR' || lpad(i::text, 10, '0') || 'XX',
            'PED-' || lpad(i::text, 8, '0'),
            (${sqlArray([...ORDER_STATUSES])})[1 + ${hashed(0, ORDER_STATUSES.length)}],
            ($2::uuid[])[1 + i % array_length($2::uuid[], 1)],
            ($2::uuid[])[1 + (i + 1) % array_length($2::uuid[], 1)],
            ($2::uuid[])[1 + (i + 2) % array_length($2::uuid[], 1)],
            lockers.ids[locker],
            lockers.codes[locker],
            1 + i % 16,
            'Cliente Bench ' || i,
            '55219' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
            'cliente' || i || '@exemplo.com.br',
            (ARRAY['P','M','G'])[1 + i % 3],
            now() + make_interval(days => 3 + i % 5),
            now() - make_interval(secs => (i::bigint * 311) % ${THIRTY_DAYS_SECONDS}),
            now()
     FROM rows, lockers`,
    [orders, companyIds, eboxIds],
  );
  await client.query('ANALYZE ebox');
  await client.query('ANALYZE "order"');
  options.log?.(
    `generated ${eboxIds.length} lockers and ${orders.toLocaleString('en-US')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { eboxIds };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    process.stderr.write('BENCH_DATABASE_URL is required (a migrated Ebox database)\n');
    process.exit(2);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await generateBenchData(client, {
      customers: Number(process.argv[2] ?? 100_000),
      companies: Number(process.argv[3] ?? 50),
      log: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await client.end();
  }
}
