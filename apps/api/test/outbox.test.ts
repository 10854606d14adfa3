import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // Nothing listens on port 9 of localhost: SMTP is configured but unreachable.
    broken = await startTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => broken?.close());

  it('still creates the account, records the failure, and answers a translated error when the user asks again', async () => {
    const signUp = await broken.api.post('/auth/sign-up', { email: 'unlucky@example.com', password: 'S3cure-pass' });
    expect(signUp.status).toBe(200);
    const resend = await broken.client(signUp.body, 'en').post('/auth/send-email-address-verification-email');
    expect(resend.status).toBe(503);
    expect(resend.body.error.message).toBe('The message could not be sent. Try again later');

    const owner = await broken.createUser({ roles: ['owner'] });
    const list = await owner.api.get('/outbox', { filter: { recipient: 'unlucky@example.com' } });
    expect(list.body.count).toBe(2);
    expect(list.body.rows.every((row: { status: string; error: string }) => row.status === 'failed' && row.error)).toBe(true);
  });
});
