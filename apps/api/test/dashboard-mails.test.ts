import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAlerts } from '../src/modules/dashboard/alert-service';
import { sendDashboardMails } from '../src/modules/dashboard/dashboard-mails';
import { rebuildAllRollups } from '../src/modules/dashboard/rollup-service';
import { systemContext } from '../src/platform/context';
import type { Db } from '../src/platform/db/client';
import { ok, orderDataFor } from './support/answers';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 28, items 4 and 5: the dashboard's mails, read back from a local SMTP server. A user who
 * asked for the alert digest gets it at 07:00 on their clock (their companies' zone), once however
 * often the hourly job runs; the weekly summary comes on Mondays with last week's figures; a user who
 * did not ask, or whose clock is not at 07:00, gets nothing; each sees only their companies' alerts.
 */

let t: TestApp;
let smtp: SmtpTestServer;
let owner: TestUser;
let db: Db;
let shop: string;
let lisbonShop: string;
let locker: string;

/** Monday 16 November 2026, 07:10 in São Paulo (UTC-3); 13:10 in Lisbon. */
const MONDAY_7AM = new Date('2026-11-16T10:10:00Z');
const ctxOf = () => systemContext(t.app.deps, 'dashboardAlerts');

async function outboxTo(email: string): Promise<{ subject: string }[]> {
  const result = await db.execute<{ subject: string }>(
    sql`select subject from outbox_message where recipient = ${email} order by created_at`,
  );
  return result.rows;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url });
  db = t.app.deps.db as Db;
  owner = await t.createUser({ roles: ['owner'] });
  shop = ok(await owner.api.post('/company', { data: { name: 'Loja Resumos', type: 'shipper' } })).id;
  lisbonShop = ok(
    await owner.api.post('/company', { data: { name: 'Loja Lisboa', type: 'shipper', companySettings: { timeZone: 'Europe/Lisbon' } } }),
  ).id;
  locker = ok(await owner.api.post('/ebox', { data: { name: 'Armário Resumo', code: 'RESUMO1', company: shop, enable: true } })).id;
  // A locker silent for two hours before the run: a critical alert.
  await db.execute(sql`update ebox set status = 'offline', terminal_id = 'term-resumo', last_heart_beat = ${new Date(MONDAY_7AM.getTime() - 2 * 3_600_000).toISOString()}::timestamptz
                        where id = ${locker}`);
  await evaluateAlerts(ctxOf(), [locker], MONDAY_7AM);
  // Last week (Sunday 8 to Saturday 14 November): a parcel stored on Tuesday and picked up two hours later.
  const order = ok(await owner.api.post('/order', { data: { ...orderDataFor(shop), ebox: locker, bookOrder: false } }));
  await db.execute(sql`delete from order_history where order_id = ${order.id}`);
  const steps = [
    ['CREATED', '2026-11-10T11:00:00Z'],
    ['STORED', '2026-11-10T12:00:00Z'],
    ['CUSTOMER_TAKEN', '2026-11-10T14:00:00Z'],
  ] as const;
  let from: string | null = null;
  for (const [status, at] of steps) {
    await db.execute(sql`insert into order_history (order_id, company_id, from_status, to_status, trigger, actor_kind, actor_label, at)
                          values (${order.id}, ${shop}, ${from}, ${status}, 'test.seed', 'system', 'test', ${at}::timestamptz)`);
    from = status;
  }
  await db.execute(sql`update "order" set status = 'CUSTOMER_TAKEN', created_at = ${steps[0][1]}::timestamptz, stored_at = ${steps[1][1]}::timestamptz,
                        collected_at = ${steps[2][1]}::timestamptz where id = ${order.id}`);
  await rebuildAllRollups(t.app.deps);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("the dashboard's mails", () => {
  it('the profile keeps what a user asked for, and the mails come in the language they asked in', async () => {
    const manager = await t.createUser({ roles: ['owner'], allowedCompanies: [shop] });
    const me = ok(await t.client(manager.token, 'en').put('/auth/profile', { profile: { alertDigest: true, weeklySummary: true } }));
    expect(me).toMatchObject({ alertDigest: true, weeklySummary: true });
    expect(ok(await manager.api.get('/auth/me'))).toMatchObject({ alertDigest: true, weeklySummary: true });
    const quiet = await t.createUser({ roles: ['owner'], allowedCompanies: [shop] });
    const lisbon = await t.createUser({ roles: ['owner'], allowedCompanies: [lisbonShop] });
    ok(await lisbon.api.put('/auth/profile', { profile: { alertDigest: true } }));

    const sent = await sendDashboardMails(ctxOf(), MONDAY_7AM);
    expect(sent).toMatchObject({ digests: expect.any(Number), summaries: expect.any(Number) });

    const digest = await smtp.waitFor((mail) => mail.to.includes(manager.email) && mail.subject.startsWith('Alerts'), 30_000);
    expect(digest.subject).toBe('Alerts on 16/11/2026: 1 critical, 0 warnings');
    expect(digest.text).toContain('Critical: Armário Resumo (RESUMO1): offline for 120 min, since 16/11/2026 05:10');
    expect(digest.text).toContain('In the last 24 hours: 1 raised, 0 resolved.');
    expect(digest.html).toContain('Open the dashboard');

    const summary = await smtp.waitFor((mail) => mail.to.includes(manager.email) && mail.subject.startsWith('Week'), 30_000);
    expect(summary.subject).toBe('Week of 08/11/2026 to 14/11/2026: 1 parcels stored');
    expect(summary.text).toContain('Parcels stored: 1 (week before: 0)');
    expect(summary.text).toContain('Parcels picked up: 1 (week before: 0)');
    // Two hours, read from the histogram's bucket (within 5 %).
    expect(summary.text).toContain('Time in the locker (median): 2.1 h (week before: —)');
    expect(summary.text).toContain('Alerts open now: 1 critical, 0 warnings.');

    // Once a day however often the job runs; nothing for who did not ask, nor in Lisbon at 13:10.
    await sendDashboardMails(ctxOf(), new Date(MONDAY_7AM.getTime() + 20 * 60_000));
    // (Only this Monday's mails are counted: the job's own hourly run may mail today's at 07:00.)
    const mondays = async (email: string) =>
      (await outboxTo(email)).map((row) => row.subject).filter((subject) => /16\/11\/2026|14\/11\/2026/.test(subject));
    expect(await mondays(manager.email)).toEqual([digest.subject, summary.subject]);
    expect(await outboxTo(quiet.email)).toEqual([]);
    expect(await mondays(lisbon.email)).toEqual([]);

    // 07:00 in Lisbon: the Lisbon user's digest, in Portuguese (the language they asked in), without
    // the São Paulo company's alert.
    await sendDashboardMails(ctxOf(), new Date('2026-11-17T07:05:00Z'));
    const lisbonDigest = await smtp.waitFor((mail) => mail.to.includes(lisbon.email), 30_000);
    expect(lisbonDigest.subject).toBe('Alertas de 17/11/2026: 0 críticos, 0 de atenção');
    expect(lisbonDigest.text).toContain('Nenhum alerta aberto.');
  });
});
