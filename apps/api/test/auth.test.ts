import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessage, user } from '../src/platform/db/schema';
import { linkIn, type SmtpTestServer, startSmtpServer } from './support/smtp';
import { startTestApp, type TestApp } from './support/test-app';

/** Spec 7.1 over HTTP, with mail received by a real SMTP server. */

let t: TestApp;
let smtp: SmtpTestServer;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Throttling has its own suite (auth-throttle.test.ts); here every call comes from 127.0.0.1.
  t = await startTestApp({ smtpUrl: smtp.url, env: { AUTH_THROTTLE_PER_IP: '100000', AUTH_THROTTLE_PER_EMAIL: '1000' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function newEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}${counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

const mailTo = (email: string, subject?: RegExp) => (mail: { to: string[]; subject: string }) =>
  mail.to.includes(email) && (!subject || subject.test(mail.subject));

async function signUp(email: string, password = 'S3cure-pass', language?: string) {
  return t.client(undefined, language).post('/auth/sign-up', { email, password });
}

async function auditRows(userId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.entityId, userId)).orderBy(desc(auditLog.timestamp));
}

describe('sign-up', () => {
  it('creates an unverified user with no roles, answers a token and mails a verification link that works once', async () => {
    const email = newEmail();
    const raw = await fetch(`${t.baseUrl}/io/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email.toUpperCase(), password: 'S3cure-pass' }),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/application\/json/);
    // The JWT travels as a JSON string.
    const response = { body: JSON.parse(await raw.text()) as string };
    expect(response.body).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await t.client(response.body).get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, emailVerified: false, disabled: false, roles: [], permissions: [], allowedCompanies: [] });

    const mail = await smtp.waitFor(mailTo(email));
    expect(mail.subject).toBe('Verifique seu e-mail no Ebox Console');
    expect(mail.html).toContain('Verificar e-mail');
    const { link, token } = linkIn(mail, '/auth/verify-email');
    expect(link.startsWith(`${t.baseUrl}/auth/verify-email?token=`)).toBe(true);

    const verified = await t.api.put('/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toBe(true);
    const after = await t.client(response.body).get('/auth/me');
    expect(after.body.emailVerified).toBe(true);

    const again = await t.client(undefined, 'en').put('/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Email verification link is invalid or has expired');
    const againPt = await t.api.put('/auth/verify-email', { token });
    expect(againPt.body.error.message).toBe('O link de verificação de e-mail é inválido ou expirou');

    const audit = await auditRows(me.body.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'update']);
    const created = audit.find((row) => row.action === 'create');
    expect(created?.createdByEmail).toBe(email);
    expect(JSON.stringify(created?.values)).not.toContain('passwordHash');
  });

  it('mails in the language of the request', async () => {
    const email = newEmail();
    expect((await signUp(email, 'S3cure-pass', 'en')).status).toBe(200);
    const mail = await smtp.waitFor(mailTo(email));
    expect(mail.subject).toBe('Verify your email for Ebox Console');
    expect(mail.text).toContain('Follow this link to verify the email address');
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const email = newEmail();
    expect((await signUp(email)).status).toBe(200);
    const pt = await signUp(email.toUpperCase());
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Usuário com este e-mail já existe');
    const en = await signUp(email, 'S3cure-pass', 'en');
    expect(en.body.error.message).toBe('User with this email already exists');
  });

  it.each([
    ['too short', 'a1b2', 'A senha deve ter pelo menos 6 caracteres', 'Password must be at least 6 characters'],
    [
      'all the same character',
      'zzzzzzzz',
      'A senha não pode ter todos os caracteres iguais',
      'Password cannot have all characters the same',
    ],
    [
      'an ascending sequence',
      '123456',
      'A senha não pode ser uma sequência (como 123456 ou abcdef)',
      'Password cannot be a sequence (like 123456 or abcdef)',
    ],
    [
      'a descending sequence',
      'fedcba',
      'A senha não pode ser uma sequência (como 123456 ou abcdef)',
      'Password cannot be a sequence (like 123456 or abcdef)',
    ],
    [
      'one of the most common passwords',
      'Password1',
      'Esta senha está entre as mais usadas; escolha outra',
      'This password is among the most used; choose another',
    ],
    [
      'longer than 256 characters',
      'Ab1-'.repeat(65),
      'A senha deve ter no máximo 256 caracteres',
      'Password must be at most 256 characters',
    ],
  ])('refuses a password that is %s', async (_rule, password, ptMessage, enMessage) => {
    const email = newEmail();
    const pt = await signUp(email, password);
    expect(pt.status).toBe(400);
    expect(pt.body.error.fields).toEqual([{ path: 'password', message: ptMessage }]);
    const en = await signUp(email, password, 'en');
    expect(en.body.error.message).toBe(enMessage);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toBeUndefined();
  });

  it('names the missing and invalid fields with translated labels', async () => {
    const missing = await t.api.post('/auth/sign-up', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual([
      { path: 'email', message: 'O campo E-mail é obrigatório' },
      { path: 'password', message: 'O campo Senha é obrigatório' },
    ]);
    const invalid = await t.client(undefined, 'en').post('/auth/sign-up', { email: 'not-an-email', password: 'S3cure-pass' });
    expect(invalid.body.error.message).toBe('Email must be a valid email');
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    for (const path of ['/auth/sign-up', '/auth/sign-in', '/auth/send-password-reset-email', '/auth/get-password-reset-method']) {
      const broken = await t.client(undefined, 'en').raw('POST', path, '{"email": "a@b.c",');
      expect(broken.status, path).toBe(400);
      expect(broken.body.error.message).toBe('The request body is malformed');
      const notObject = await t.api.raw('POST', path, '[1, 2]');
      expect(notObject.status, path).toBe(400);
      const wrongTypes = await t.api.raw('POST', path, '{"email": 42, "password": {"a": 1}}');
      expect(wrongTypes.status, path).toBe(400);
    }
    for (const path of ['/auth/password-reset', '/auth/verify-email']) {
      expect((await t.api.raw('PUT', path, 'token=abc', 'application/json')).status, path).toBe(400);
    }
  });
});

describe('sign-in', () => {
  it('answers a token for the right password, 400 with one message for a wrong password or an unknown email', async () => {
    const account = await t.createUser({ email: newEmail() });
    const ok = await t.api.post('/auth/sign-in', { email: account.email.toUpperCase(), password: account.password });
    expect(ok.status).toBe(200);
    expect((await t.client(ok.body).get('/auth/me')).body.id).toBe(account.id);
    const payload = decodeJwt(ok.body);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(7 * 24 * 3600);

    const wrong = await t.api.post('/auth/sign-in', { email: account.email, password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Desculpe, não reconhecemos suas credenciais');
    const unknown = await t.client(undefined, 'en').post('/auth/sign-in', { email: newEmail(), password: 'whatever1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("Sorry, we don't recognize your credentials");
  });

  it('refuses an over-long password before hashing it, with a translated field error', async () => {
    const account = await t.createUser({ email: newEmail() });
    const started = Date.now();
    const response = await t.client(undefined, 'en').post('/auth/sign-in', { email: account.email, password: 'x1'.repeat(500_000) });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([{ path: 'password', message: 'Password must be at most 256 characters' }]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps a remembered session for 30 days', async () => {
    const account = await t.createUser({ email: newEmail() });
    const ok = await t.api.post('/auth/sign-in', { email: account.email, password: account.password, rememberMe: true });
    const payload = decodeJwt(ok.body);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 24 * 3600);
  });

  it('refuses a disabled user, and an old token of a user disabled later gets 401', async () => {
    const disabled = await t.createUser({ email: newEmail(), disabled: true });
    const pt = await t.api.post('/auth/sign-in', { email: disabled.email, password: disabled.password });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Sua conta está desativada');
    const en = await t.client(undefined, 'en').post('/auth/sign-in', { email: disabled.email, password: disabled.password });
    expect(en.body.error.message).toBe('Your account is disabled');

    const active = await t.createUser({ email: newEmail() });
    expect((await active.api.get('/auth/me')).status).toBe(200);
    await t.database.db.update(user).set({ disabled: true }).where(eq(user.id, active.id));
    const after = await t.client(active.token, 'en').get('/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Your session has expired. Please sign in again');
  });

  it('answers 401 to an expired, forged or missing token', async () => {
    const account = await t.createUser({ email: newEmail() });
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(key);
    expect((await t.client(expired).get('/auth/me')).status).toBe(401);
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-enough-length-for-hs256'));
    expect((await t.client(forged).get('/auth/me')).status).toBe(401);
    const anonymous = await t.api.get('/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('Você precisa entrar para continuar');
  });
});

describe('session tokens', () => {
  const keyOf = () => new TextEncoder().encode(t.config.jwtSecret);

  it('refuses a correctly signed token that never expires', async () => {
    const account = await t.createUser({ email: newEmail() });
    const forever = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.id)
      .setIssuedAt()
      .setJti('a-jti')
      .sign(keyOf());
    const response = await t.client(forever, 'en').get('/auth/me');
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe('Your session has expired. Please sign in again');
  });

  it('refuses a correctly signed token without its version (tv): sign-out everywhere could not end it', async () => {
    const account = await t.createUser({ email: newEmail() });
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(account.id).setJti('a-jti').setExpirationTime('1h').sign(keyOf());
    const withVersion = await sign({ tv: 0 });
    expect((await t.client(withVersion).get('/auth/me')).status).toBe(200);
    for (const claims of [{}, { tv: '0' }, { tv: 0.5 }]) {
      const response = await t.client(await sign(claims), 'en').get('/auth/me');
      expect(response.status).toBe(401);
      expect(response.body.error.message).toBe('Your session has expired. Please sign in again');
    }
  });

  it('signs out on the server: the token stops working, other sessions of the user go on', async () => {
    const account = await t.createUser({ email: newEmail() });
    const other = (await t.api.post('/auth/sign-in', { email: account.email, password: account.password })).body as string;
    const signedOut = await account.api.post('/auth/sign-out');
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).toBe(true);
    const after = await t.client(account.token, 'en').get('/auth/me');
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe('Your session has expired. Please sign in again');
    expect((await account.api.post('/auth/sign-out')).status).toBe(401);
    expect((await t.client(other).get('/auth/me')).status).toBe(200);
    expect((await t.api.post('/auth/sign-out')).status).toBe(401);
  });

  it('signs out an API client that names JSON but sends no body, as one that names nothing', async () => {
    const account = await t.createUser({ email: newEmail() });
    const response = await fetch(`${t.baseUrl}/io/api/v1/auth/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect((await t.client(account.token).get('/auth/me')).status).toBe(401);
    // A body that is there but is no JSON is still refused, in words.
    const broken = await fetch(`${t.baseUrl}/io/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toBeTruthy();
  });

  it('lets a user whose email is not verified sign out', async () => {
    const token = (await signUp(newEmail())).body as string;
    expect((await t.client(token).post('/auth/sign-out')).status).toBe(200);
    expect((await t.client(token).get('/auth/me')).status).toBe(401);
  });
});

describe('email verification', () => {
  it('reports that mail leaves through SMTP', async () => {
    const response = await t.api.get('/auth/email-configured');
    expect(response.status).toBe(200);
    expect(response.body).toBe(true);
  });

  it('sends a new link to the signed-in user; the previous link stops working', async () => {
    const email = newEmail();
    const token = (await signUp(email)).body as string;
    const first = linkIn(await smtp.waitFor(mailTo(email)), '/auth/verify-email').token;
    const resent = await t.client(token, 'en').post('/auth/send-email-address-verification-email');
    expect(resent.status).toBe(200);
    expect(resent.body).toBe(true);
    const second = await smtp.waitFor((mail) => mailTo(email)(mail) && !mail.text.includes(first));
    expect(second.subject).toBe('Verify your email for Ebox Console');
    const secondToken = linkIn(second, '/auth/verify-email').token;

    expect((await t.api.put('/auth/verify-email', { token: first })).status).toBe(400);
    expect((await t.api.put('/auth/verify-email', { token: secondToken })).status).toBe(200);

    const already = await t.client(token, 'en').post('/auth/send-email-address-verification-email');
    expect(already.status).toBe(400);
    expect(already.body.error.message).toBe('Your email is already verified');
    expect((await t.api.post('/auth/send-email-address-verification-email')).status).toBe(401);
  });

  it('refuses an expired or unknown verification token', async () => {
    const email = newEmail();
    await signUp(email);
    const { token } = linkIn(await smtp.waitFor(mailTo(email)), '/auth/verify-email');
    await t.database.db
      .update(user)
      .set({ emailVerificationExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(user.email, email));
    expect((await t.api.put('/auth/verify-email', { token })).status).toBe(400);
    expect((await t.api.put('/auth/verify-email', { token: 'e.made-up' })).status).toBe(400);
    const missing = await t.client(undefined, 'en').put('/auth/verify-email', {});
    expect(missing.body.error.message).toBe('Token is required');
  });
});

describe('password reset', () => {
  it('answers the reset-method call the same for unknown emails, accounts without and with a phone', async () => {
    const plain = await t.createUser({ email: newEmail() });
    const withPhone = await t.createUser({ email: newEmail(), phoneNumber: '5521999990000' });
    const answers = [];
    for (const email of [plain.email, withPhone.email, newEmail()]) {
      const response = await t.api.post('/auth/get-password-reset-method', { email });
      answers.push({ status: response.status, body: response.body });
    }
    // Mail leaves through the test SMTP server; no SMS_PROVIDER here, so SMS honestly waits in the outbox.
    const answer = { methods: ['email', 'sms'], delivery: { email: 'sent', sms: 'outbox' } };
    expect(answers).toEqual([
      { status: 200, body: answer },
      { status: 200, body: answer },
      { status: 200, body: answer },
    ]);
  });

  it('keeps "Email not recognized" on the reset request, as spec 8.3 shows it', async () => {
    const unknownEn = await t.client(undefined, 'en').post('/auth/send-password-reset-email', { email: newEmail(), method: 'email' });
    expect(unknownEn.status).toBe(400);
    expect(unknownEn.body.error.message).toBe('Email not recognized');
    const unknown = await t.api.post('/auth/send-password-reset-email', { email: newEmail(), method: 'sms' });
    expect(unknown.body.error.message).toBe('E-mail não reconhecido');
  });

  it('mails a reset link that sets a new password once, signs the user in and ends older sessions', async () => {
    const account = await t.createUser({ email: newEmail() });
    const sent = await t.client(undefined, 'en').post('/auth/send-password-reset-email', { email: account.email, method: 'email' });
    expect(sent.status).toBe(200);
    expect(sent.body).toBe(true);
    const mail = await smtp.waitFor(mailTo(account.email, /Reset your password/));
    const { link, token } = linkIn(mail, '/auth/password-reset');
    expect(link.startsWith(`${t.baseUrl}/auth/password-reset?token=`)).toBe(true);

    const weak = await t.api.put('/auth/password-reset', { token, password: '111111' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('A senha não pode ter todos os caracteres iguais');
    const common = await t.client(undefined, 'en').put('/auth/password-reset', { token, password: 'sunshine' });
    expect(common.body.error.fields).toEqual([{ path: 'password', message: 'This password is among the most used; choose another' }]);
    const long = await t.api.put('/auth/password-reset', { token, password: 'Ab1-'.repeat(65) });
    expect(long.body.error.message).toBe('A senha deve ter no máximo 256 caracteres');

    const reset = await t.api.put('/auth/password-reset', { token, password: 'N3w-secret' });
    expect(reset.status).toBe(200);
    expect((await t.client(reset.body).get('/auth/me')).body.id).toBe(account.id);
    expect((await t.client(account.token).get('/auth/me')).status).toBe(401);

    const reused = await t.client(undefined, 'en').put('/auth/password-reset', { token, password: 'An0ther-secret' });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe('Password reset link is invalid or has expired');

    expect((await t.api.post('/auth/sign-in', { email: account.email, password: account.password })).status).toBe(400);
    expect((await t.api.post('/auth/sign-in', { email: account.email, password: 'N3w-secret' })).status).toBe(200);
    expect((await auditRows(account.id)).map((row) => row.action)).toEqual(['passwordReset', 'passwordResetRequest']);
  });

  it('sends the link by SMS to the phone; the SMS lands in the outbox and its link works', async () => {
    const account = await t.createUser({ email: newEmail(), phoneNumber: '5521988887777' });
    const sent = await t.api.post('/auth/send-password-reset-email', { email: account.email, method: 'sms' });
    expect(sent.status).toBe(200);
    const [sms] = await t.database.db
      .select()
      .from(outboxMessage)
      .where(and(eq(outboxMessage.channel, 'sms'), eq(outboxMessage.recipient, '5521988887777')));
    expect(sms).toMatchObject({ status: 'outbox' });
    expect(sms?.body).toMatch(/^Ebox Console: redefina sua senha em http/);
    const token = new URL(sms?.link ?? '').searchParams.get('token') ?? '';
    const reset = await t.api.put('/auth/password-reset', { token, password: 'Sms-n3w-pass' });
    expect(reset.status).toBe(200);
    expect((await t.api.post('/auth/sign-in', { email: account.email, password: 'Sms-n3w-pass' })).status).toBe(200);
  });

  it('mails the link to an account without a phone that asked for SMS, answering as for any account', async () => {
    const noPhone = await t.createUser({ email: newEmail() });
    const withPhone = await t.createUser({ email: newEmail(), phoneNumber: '5521977776666' });
    const sms = await t.client(undefined, 'en').post('/auth/send-password-reset-email', { email: noPhone.email, method: 'sms' });
    const texted = await t.client(undefined, 'en').post('/auth/send-password-reset-email', { email: withPhone.email, method: 'sms' });
    expect({ status: sms.status, body: sms.body }).toEqual({ status: texted.status, body: texted.body });
    expect(sms.status).toBe(200);
    const { token } = linkIn(await smtp.waitFor(mailTo(noPhone.email, /Reset your password/)), '/auth/password-reset');
    expect((await t.api.put('/auth/password-reset', { token, password: 'N3w-secret' })).status).toBe(200);
  });

  it('refuses a bad method, a disabled user and an expired link', async () => {
    const noPhone = await t.createUser({ email: newEmail() });
    const badMethod = await t.api.post('/auth/send-password-reset-email', { email: noPhone.email, method: 'pigeon' });
    expect(badMethod.status).toBe(400);

    const disabled = await t.createUser({ email: newEmail(), disabled: true });
    const refused = await t.api.post('/auth/send-password-reset-email', { email: disabled.email, method: 'email' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Sua conta está desativada');

    const account = await t.createUser({ email: newEmail() });
    await t.api.post('/auth/send-password-reset-email', { email: account.email, method: 'email' });
    const { token } = linkIn(await smtp.waitFor(mailTo(account.email, /Redefina/)), '/auth/password-reset');
    await t.database.db
      .update(user)
      .set({ passwordResetExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(user.id, account.id));
    expect((await t.api.put('/auth/password-reset', { token, password: 'N3w-secret' })).status).toBe(400);
  });

  it('verifies the email of a user who sets the password from a mailed link', async () => {
    const account = await t.createUser({ email: newEmail(), emailVerified: false });
    await t.api.post('/auth/send-password-reset-email', { email: account.email, method: 'email' });
    const { token } = linkIn(await smtp.waitFor(mailTo(account.email, /Redefina/)), '/auth/password-reset');
    const reset = await t.api.put('/auth/password-reset', { token, password: 'N3w-secret' });
    expect((await t.client(reset.body).get('/auth/me')).body.emailVerified).toBe(true);
  });
});

describe('profile', () => {
  it('updates names, phone and avatar; the full name follows; the change is audited', async () => {
    const account = await t.createUser({ email: newEmail(), firstName: 'Ana' });
    const avatar = {
      id: '2b0c8a4e-5d1e-4a8c-9d53-6b0d3a1f2e11',
      name: 'ana.png',
      sizeInBytes: 2048,
      publicUrl: 'https://cdn.example.com/ana.png',
    };
    const response = await account.api.put('/auth/profile', {
      profile: { firstName: ' Ana ', lastName: 'Souza', phoneNumber: '5511912345678', avatars: [avatar] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Ana',
      lastName: 'Souza',
      fullName: 'Ana Souza',
      phoneNumber: '5511912345678',
      avatars: [avatar],
    });
    const cleared = await account.api.put('/auth/profile', { profile: { lastName: '' } });
    expect(cleared.body).toMatchObject({ firstName: 'Ana', lastName: null, fullName: 'Ana', phoneNumber: '5511912345678' });
    const [latest] = await auditRows(account.id);
    expect(latest).toMatchObject({ action: 'update', createdByEmail: account.email });
    expect(latest?.values).toMatchObject({ before: { lastName: 'Souza' }, after: { lastName: null, fullName: 'Ana' } });
  });

  it.each([
    [{ firstName: 'a'.repeat(81) }, 'profile.firstName', 'O campo Nome deve ter no máximo 80 caracteres'],
    [{ lastName: 'b'.repeat(176) }, 'profile.lastName', 'O campo Sobrenome deve ter no máximo 175 caracteres'],
    [{ phoneNumber: '+55 21 99999' }, 'profile.phoneNumber', 'O campo Telefone deve ser um celular com DDD, como (11) 98765-4321'],
    [{ phoneNumber: '(21) 3265-4321' }, 'profile.phoneNumber', 'O campo Telefone deve ser um celular com DDD, como (11) 98765-4321'],
    [{ phoneNumber: `+55${' '.repeat(7)}(21) 98765-4321` }, 'profile.phoneNumber', 'O campo Telefone deve ter no máximo 24 caracteres'],
    [
      {
        avatars: [
          { name: 'a.png', publicUrl: 'https://cdn.example.com/a.png' },
          { name: 'b.png', publicUrl: 'https://cdn.example.com/b.png' },
        ],
      },
      'profile.avatars',
      'Informe no máximo 1 item no campo Foto',
    ],
    [{ avatars: [{ name: 'cv.pdf', publicUrl: 'https://cdn.example.com/cv.pdf' }] }, 'profile.avatars.0.name', 'Envie uma imagem'],
  ])('refuses %j', async (profile, path, message) => {
    const account = await t.createUser({ email: newEmail() });
    const response = await account.api.put('/auth/profile', { profile });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([{ path, message }]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.api.put('/auth/profile', { profile: { firstName: 'X' } })).status).toBe(401);
  });
});

describe('change password', () => {
  it('checks the old password, applies the rules, answers a new token and ends older sessions', async () => {
    const account = await t.createUser({ email: newEmail() });
    const wrong = await t.client(account.token, 'en').put('/auth/change-password', { oldPassword: 'nope-nope', newPassword: 'N3w-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ message: 'Wrong password', fields: [{ path: 'oldPassword', message: 'Wrong password' }] });
    const weak = await account.api.put('/auth/change-password', { oldPassword: account.password, newPassword: 'abc' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('A senha deve ter pelo menos 6 caracteres');
    const common = await account.api.put('/auth/change-password', { oldPassword: account.password, newPassword: 'iloveyou' });
    expect(common.body.error.fields).toEqual([{ path: 'newPassword', message: 'Esta senha está entre as mais usadas; escolha outra' }]);
    const long = await t
      .client(account.token, 'en')
      .put('/auth/change-password', { oldPassword: 'Ab1-'.repeat(65), newPassword: 'N3w-secret' });
    expect(long.body.error.fields).toEqual([{ path: 'oldPassword', message: 'Password must be at most 256 characters' }]);
    const missing = await t.client(account.token, 'en').put('/auth/change-password', { newPassword: 'N3w-secret' });
    expect(missing.body.error.message).toBe('Old password is required');

    const changed = await account.api.put('/auth/change-password', { oldPassword: account.password, newPassword: 'N3w-secret' });
    expect(changed.status).toBe(200);
    expect((await t.client(changed.body).get('/auth/me')).status).toBe(200);
    expect((await account.api.get('/auth/me')).status).toBe(401);
    expect((await t.api.post('/auth/sign-in', { email: account.email, password: 'N3w-secret' })).status).toBe(200);
    const [latest] = await auditRows(account.id);
    expect(latest?.action).toBe('passwordChange');
  });

  it('needs a signed-in user', async () => {
    expect((await t.api.put('/auth/change-password', { oldPassword: 'a', newPassword: 'N3w-secret' })).status).toBe(401);
  });
});
