import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app';
import { auditLog, outboxMessage } from '../src/platform/db/schema';
import type { SmsMessage } from '../src/platform/sms';
import { eventually } from './support/eventually';
import { type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp, type TestUser } from './support/test-app';

/** Without SMTP_URL or an SMS provider every message stays in the outbox, readable in the console. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ permissions: ['settingsEdit'] });
});
afterAll(() => t?.close());

describe('outbox', () => {
  it('lists mail and SMS newest first, with their links, filtered and paged', async () => {
    const signUp = await t.api.post('/auth/sign-up', { email: 'outbox.reader@example.com', password: 'S3cure-pass' });
    expect(signUp.status).toBe(200);
    const phoneUser = await t.createUser({ email: 'phone.owner@example.com', phoneNumber: '5531977776666' });
    expect((await t.api.post('/auth/send-password-reset-email', { email: phoneUser.email, method: 'sms' })).status).toBe(200);

    const all = await admin.api.get('/outbox');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    const [sms, mail] = all.body.rows;
    expect(sms).toMatchObject({ channel: 'sms', recipient: '5531977776666', status: 'outbox', subject: null });
    expect(sms.link).toMatch(new RegExp(`^${t.baseUrl}/auth/password-reset\\?token=`));
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: 'outbox.reader@example.com',
      status: 'outbox',
      subject: 'Verifique seu e-mail no Ebox Console',
    });
    expect(mail.link).toMatch(new RegExp(`^${t.baseUrl}/auth/verify-email\\?token=`));
    expect(mail.body).toContain(mail.link);
    expect(new Date(mail.createdAt).toISOString()).toBe(mail.createdAt);

    const onlySms = await admin.api.get('/outbox', { filter: { channel: 'sms' } });
    expect(onlySms.body.rows.map((row: { channel: string }) => row.channel)).toEqual(['sms']);
    const byRecipient = await admin.api.get('/outbox', { filter: { recipient: 'OUTBOX.reader' } });
    expect(byRecipient.body.count).toBe(1);
    expect(byRecipient.body.rows[0].recipient).toBe('outbox.reader@example.com');

    const oldestFirst = await admin.api.get('/outbox', { orderBy: 'createdAt_ASC', limit: 1, offset: 0 });
    expect(oldestFirst.body).toMatchObject({ count: 2, rows: [{ channel: 'email' }] });
    const secondPage = await admin.api.get('/outbox', { orderBy: 'createdAt_ASC', limit: 1, offset: 1 });
    expect(secondPage.body.rows).toMatchObject([{ channel: 'sms' }]);
  });

  it('refuses unknown filters and sorting with 400', async () => {
    const filter = await t.client(admin.token, 'en').get('/outbox', { filter: { password: 'x' } });
    expect(filter.status).toBe(400);
    expect(filter.body.error.message).toBe('Invalid filter: password');
    expect((await admin.api.get('/outbox', { filter: { channel: 'fax' } })).status).toBe(400);
    expect((await admin.api.get('/outbox', { orderBy: 'body;drop_DESC' })).status).toBe(400);
  });

  it('is read only by holders of settingsEdit', async () => {
    const viewer = await t.createUser({ roles: ['viewer'] });
    expect((await viewer.api.get('/outbox')).status).toBe(403);
    expect((await t.api.get('/outbox')).status).toBe(401);
  });
});

describe('mail that cannot leave', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 of localhost: SMTP is configured but unreachable. Retries start 1 s apart.
    broken = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:9', env: { JOBS_RETRY_DELAY_SECONDS: '1' } });
  });
  afterAll(() => broken?.close());

  it('answers the request, retries with a growing delay, and ends failed with the error and the attempts', async () => {
    const signUp = await broken.api.post('/auth/sign-up', { email: 'unlucky@example.com', password: 'S3cure-pass' });
    expect(signUp.status).toBe(200);
    // The message is queued: asking again succeeds at once, whatever the SMTP server does.
    const resend = await broken.client(signUp.body, 'en').post('/auth/send-email-address-verification-email');
    expect(resend.status).toBe(200);
    expect(resend.body).toBe(true);

    const owner = await broken.createUser({ roles: ['owner'] });
    const listOf = async () =>
      (await owner.api.get('/outbox', { filter: { recipient: 'unlucky@example.com' } })).body as { count: number; rows: Row[] };
    type Row = { status: string; error: string | null; attempts: number; createdAt: string; updatedAt: string; linkHidden: boolean };
    // Between attempts the message waits in the queue with the last error.
    const retrying = await eventually(listOf, (list) => list.rows.some((row) => row.status === 'queued' && row.attempts >= 1));
    expect(retrying.rows.find((row) => row.attempts >= 1)?.error).toMatch(/ECONNREFUSED/);

    const failed = await eventually(listOf, (list) => list.count === 2 && list.rows.every((row) => row.status === 'failed'), 40_000);
    for (const row of failed.rows) {
      expect(row).toMatchObject({ status: 'failed', attempts: 4, linkHidden: true });
      expect(row.error).toMatch(/ECONNREFUSED/);
      // Three retries, 1-2 s, 2-4 s and 4-8 s after each failure: at least 7 s from first to last.
      expect(Date.parse(row.updatedAt) - Date.parse(row.createdAt)).toBeGreaterThanOrEqual(7000);
    }

    // The handler records the message failed in its own transaction and then throws; the queue marks
    // the job failed only after that, so the queue is read until it has (a loaded machine showed the
    // second job still active right after its message read failed).
    const queue = await eventually(
      () => owner.api.get('/jobs'),
      (answer) => answer.body.queues?.find((q: { name: string }) => q.name === 'messages.send')?.failed === 2,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.queues.find((q: { name: string }) => q.name === 'messages.send')).toMatchObject({ failed: 2, queued: 0, active: 0 });
    expect(queue.body.failures.filter((f: { name: string }) => f.name === 'messages.send')).toHaveLength(2);
    expect(queue.body.failures[0]).toMatchObject({ attempts: 4, error: expect.stringMatching(/ECONNREFUSED/) });
  }, 60_000);
});

type OutboxRow = { id: string; recipient: string; channel: string; body: string; link: string | null; linkHidden: boolean; status: string };

/** The one-time token a stored message carries, read from the database as the mail transport got it. */
async function storedTokenOf(app: TestApp, recipient: string): Promise<string> {
  const [row] = await app.database.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, recipient));
  return new URL(row?.link ?? '').searchParams.get('token') ?? '';
}

async function outboxRowOf(reader: TestUser, recipient: string): Promise<OutboxRow> {
  const list = await reader.api.get('/outbox', { filter: { recipient } });
  expect(list.status).toBe(200);
  const [row] = list.body.rows as OutboxRow[];
  if (!row) throw new Error(`no outbox row for ${recipient}`);
  return row;
}

function expectMasked(row: OutboxRow, token: string): void {
  expect(row.linkHidden).toBe(true);
  expect(row.link).not.toContain(token);
  expect(row.link).toMatch(/\?token=\*+$/);
  expect(row.body).not.toContain(token);
  expect(row.body).toContain(row.link);
}

describe('one-time links in the outbox (issue 6)', () => {
  let owner: TestUser;
  let settingsEditor: TestUser;
  let scopedAll: TestUser;
  beforeAll(async () => {
    owner = await t.createUser({ roles: ['owner'], email: 'link.owner@example.com', phoneNumber: '5531900001111' });
    settingsEditor = await t.createUser({ permissions: ['settingsEdit', 'customerRead'] });
    const company = await owner.api.post('/company', { data: { name: 'Scoped Co', type: 'carrier' } });
    scopedAll = await t.createUser({ roles: ['owner'], allowedCompanies: [company.body.id] });
  });

  it("hides the owner's reset link and token from a settingsEdit holder, who cannot take the account over", async () => {
    expect((await t.api.post('/auth/send-password-reset-email', { email: owner.email, method: 'email' })).status).toBe(200);
    const token = await storedTokenOf(t, owner.email);
    expect(token).not.toBe('');

    const seen = await outboxRowOf(settingsEditor, owner.email);
    expectMasked(seen, token);
    expect(seen).toMatchObject({ status: 'outbox', channel: 'email' });
    // Nothing the reader got opens the account.
    const guessed = new URL(seen.link ?? '').searchParams.get('token') ?? '';
    expect((await t.api.put('/auth/password-reset', { token: guessed, password: 'Tak3n-over!' })).status).toBe(400);

    // A caller limited to some companies cannot manage an unlimited owner either.
    expectMasked(await outboxRowOf(scopedAll, owner.email), token);

    const ownView = await outboxRowOf(owner, owner.email);
    expect(ownView.linkHidden).toBe(false);
    expect(ownView.link).toBe(`${t.baseUrl}/auth/password-reset?token=${encodeURIComponent(token)}`);
    expect(ownView.body).toContain(ownView.link);
  });

  it('hides the SMS reset link of a user with more permissions than the reader, found by the phone number', async () => {
    expect((await t.api.post('/auth/send-password-reset-email', { email: owner.email, method: 'sms' })).status).toBe(200);
    const token = await storedTokenOf(t, '5531900001111');
    const seen = await outboxRowOf(settingsEditor, '5531900001111');
    expect(seen.channel).toBe('sms');
    expectMasked(seen, token);
    expect((await outboxRowOf(owner, '5531900001111')).body).toContain(token);
  });

  it('shows the link to a reader holding every permission the recipient holds', async () => {
    const peer = await t.createUser({ email: 'link.peer@example.com', permissions: ['customerRead'] });
    expect((await t.api.post('/auth/send-password-reset-email', { email: peer.email, method: 'email' })).status).toBe(200);
    const token = await storedTokenOf(t, peer.email);
    const seen = await outboxRowOf(settingsEditor, peer.email);
    expect(seen.linkHidden).toBe(false);
    expect(seen.link).toContain(encodeURIComponent(token));
  });

  it('treats an unknown recipient as one holding every permission', async () => {
    const link = `${t.baseUrl}/auth/password-reset?token=e.unknown-recipient-secret`;
    await t.database.db.insert(outboxMessage).values({
      channel: 'email',
      recipient: 'nobody.here@example.com',
      subject: 'Reset',
      body: `Open ${link} soon`,
      link,
      status: 'outbox',
    });
    const seen = await outboxRowOf(settingsEditor, 'nobody.here@example.com');
    expectMasked(seen, 'e.unknown-recipient-secret');
    expect(seen.body).toMatch(/^Open http.*\?token=\*+ soon$/);
    expect((await outboxRowOf(owner, 'nobody.here@example.com')).link).toBe(link);
  });
});

describe('one-time links while mail and SMS leave the building (issue 6)', () => {
  let smtp: SmtpTestServer;
  let sending: TestApp;
  const texted: SmsMessage[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    sending = await startTestApp({
      smtpUrl: smtp.url,
      smsProvider: { name: 'test gateway', send: async (message) => void texted.push(message) },
    });
  });
  afterAll(async () => {
    await sending?.close();
    await smtp?.close();
  });

  it('shows no link, even to the owner, and keeps no usable token in the database', async () => {
    const owner = await sending.createUser({ roles: ['owner'], phoneNumber: '5531900002222' });
    const target = await sending.createUser({ email: 'smtp.target@example.com', phoneNumber: '5531900003333' });
    expect((await sending.api.post('/auth/send-password-reset-email', { email: target.email, method: 'email' })).status).toBe(200);
    expect((await sending.api.post('/auth/send-password-reset-email', { email: target.email, method: 'sms' })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(target.email));
    await eventually(
      async () => texted.length,
      (count) => count === 1,
    );
    const mailed = /\?token=([\w.%-]+)/.exec(mail.text)?.[1] ?? '';
    const textedToken = /\?token=([\w.%-]+)/.exec(texted[0]?.text ?? '')?.[1] ?? '';
    expect(mailed).not.toBe('');
    expect(textedToken).not.toBe('');

    const mailRow = await eventually(
      () => outboxRowOf(owner, target.email),
      (row) => row.status === 'sent',
    );
    expectMasked(mailRow, mailed);
    const smsRow = await eventually(
      () => outboxRowOf(owner, '5531900003333'),
      (row) => row.status === 'sent',
    );
    expectMasked(smsRow, textedToken);

    // The job's delivery is audited by its actor, without the message text.
    const audited = await sending.database.db.select().from(auditLog).where(eq(auditLog.entityId, mailRow.id));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entityName: 'outbox', action: 'sent', actorLabel: 'system:messageSender', createdById: null });
    expect(JSON.stringify(audited)).not.toContain(mailed);

    const stored = await sending.database.db.select().from(outboxMessage);
    expect(JSON.stringify(stored)).not.toContain(mailed);
    expect(JSON.stringify(stored)).not.toContain(textedToken);
  });
});

describe('the server log (issue 6)', () => {
  let logged: TestApp;
  let lines = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      lines += chunk.toString('utf8');
    });
    logged = await startTestApp({ logStream: stream });
  });
  afterAll(() => logged?.close());

  it('never writes a one-time link or token in full, neither from the outbox nor from the request that opens it', async () => {
    const account = await logged.createUser({ email: 'logged.reset@example.com', phoneNumber: '5531900004444' });
    expect((await logged.api.post('/auth/send-password-reset-email', { email: account.email, method: 'email' })).status).toBe(200);
    const mailed = await storedTokenOf(logged, account.email);
    expect((await logged.api.post('/auth/send-password-reset-email', { email: account.email, method: 'sms' })).status).toBe(200);
    const texted = await storedTokenOf(logged, '5531900004444');
    // The browser opens the link: the console's page is requested with the token in its address.
    await fetch(`${logged.baseUrl}/auth/password-reset?token=${encodeURIComponent(mailed)}`);
    await fetch(`${logged.baseUrl}${API_PREFIX}/nowhere?token=${encodeURIComponent(texted)}`);

    expect(lines).toContain('mail kept in outbox');
    expect(lines).toContain('sms kept in outbox');
    expect(lines).toContain('/auth/password-reset?token=');
    for (const token of [mailed, texted]) {
      expect(lines).not.toContain(token);
      expect(lines).not.toContain(encodeURIComponent(token));
      // Not even most of it.
      expect(lines).not.toContain(token.slice(2, 22));
    }
  });
});
