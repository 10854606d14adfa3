import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Sign-in, sign-up and password reset are throttled per IP and per email. The test server trusts
 * X-Forwarded-For from loopback only (TRUST_PROXY), as it would from a proxy in front of it, so
 * each test plays different client addresses.
 */

let t: TestApp;
const SLOWDOWN_MS = 400;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      AUTH_THROTTLE_PER_IP: '6',
      AUTH_THROTTLE_PER_EMAIL: '3',
      AUTH_THROTTLE_WINDOW_MS: '60000',
      AUTH_THROTTLE_SLOWDOWN_MS: String(SLOWDOWN_MS),
      TRUST_PROXY: '127.0.0.1',
    },
  });
});
afterAll(() => t?.close());

async function call(path: string, body: unknown, ip: string, language = 'pt-BR', method = 'POST', baseUrl = t.baseUrl) {
  const response = await fetch(`${baseUrl}/io/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'accept-language': language },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error: { message: string } },
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('auth throttling', () => {
  it('refuses guessing one account from one IP, with a translated 429, even for the right password', async () => {
    const account = await t.createUser();
    const ip = '10.1.0.1';
    for (let i = 0; i < 3; i++) {
      expect((await call('/auth/sign-in', { email: account.email, password: 'wrong-guess' }, ip)).status).toBe(400);
    }
    const pt = await call('/auth/sign-in', { email: account.email, password: account.password }, ip);
    expect(pt.status).toBe(429);
    expect(pt.body.error.message).toBe('Muitas tentativas. Aguarde um pouco e tente de novo');
    expect(Number(pt.retryAfter)).toBeGreaterThan(0);
    const en = await call('/auth/sign-in', { email: account.email.toUpperCase(), password: account.password }, ip, 'en');
    expect(en.status).toBe(429);
    expect(en.body.error.message).toBe('Too many attempts. Wait a moment and try again');

    const other = await t.createUser();
    expect((await call('/auth/sign-in', { email: other.email, password: other.password }, ip)).status).toBe(200);
  });

  it('does not let failures from one IP lock the owner out from another', async () => {
    const account = await t.createUser();
    for (let i = 0; i < 3; i++) {
      expect((await call('/auth/sign-in', { email: account.email, password: 'wrong-guess' }, '10.5.0.1')).status).toBe(400);
    }
    expect((await call('/auth/sign-in', { email: account.email, password: account.password }, '10.5.0.1')).status).toBe(429);
    expect((await call('/auth/sign-in', { email: account.email, password: account.password }, '10.5.0.2')).status).toBe(200);
  });

  it('slows down, and does not refuse, the right password once an account has failed from many IPs', async () => {
    const account = await t.createUser();
    for (let i = 0; i < 6; i++) {
      expect((await call('/auth/sign-in', { email: account.email, password: 'wrong-guess' }, `10.6.0.${i}`)).status).toBe(400);
    }
    const started = Date.now();
    const signedIn = await call('/auth/sign-in', { email: account.email, password: account.password }, '10.6.1.1');
    expect(signedIn.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWDOWN_MS - 20);
    // Another account is not slowed down.
    const other = await t.createUser();
    const quick = Date.now();
    expect((await call('/auth/sign-in', { email: other.email, password: other.password }, '10.6.1.1')).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(SLOWDOWN_MS);
  });

  it('counts attempts still running, so parallel guesses from one IP are refused too', async () => {
    const account = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('/auth/sign-in', { email: account.email, password: 'wrong-guess' }, '10.7.0.1')),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
  });

  it('throttles sign-in per IP across emails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 6; i++) {
      expect((await call('/auth/sign-in', { email: `guess${i}@example.com`, password: 'wrong-guess' }, ip)).status).toBe(400);
    }
    expect((await call('/auth/sign-in', { email: 'guess-last@example.com', password: 'wrong-guess' }, ip)).status).toBe(429);
    expect((await call('/auth/sign-in', { email: 'guess-last@example.com', password: 'wrong-guess' }, '10.2.0.2')).status).toBe(400);
  });

  it('throttles sign-up per IP', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 6; i++) {
      expect((await call('/auth/sign-up', { email: `new${i}.${Date.now()}@example.com`, password: 'S3cure-pass' }, ip)).status).toBe(200);
    }
    const blocked = await call('/auth/sign-up', { email: `new-last.${Date.now()}@example.com`, password: 'S3cure-pass' }, ip);
    expect(blocked.status).toBe(429);
  });

  it('throttles password reset per email', async () => {
    const account = await t.createUser();
    for (let i = 0; i < 3; i++) {
      expect((await call('/auth/send-password-reset-email', { email: account.email, method: 'email' }, `10.4.0.${i}`)).status).toBe(200);
    }
    const blocked = await call('/auth/send-password-reset-email', { email: account.email, method: 'email' }, '10.4.0.9', 'en');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe('Too many attempts. Wait a moment and try again');
    // The method lookup counts against the same reset budget.
    expect((await call('/auth/get-password-reset-method', { email: account.email }, '10.4.0.10')).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const direct = await startTestApp({
      env: { AUTH_THROTTLE_PER_IP: '3', AUTH_THROTTLE_PER_EMAIL: '100', AUTH_THROTTLE_WINDOW_MS: '60000' },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await call(
          '/auth/sign-in',
          { email: `spoof${i}@example.com`, password: 'wrong-guess' },
          `10.8.0.${i}`,
          'en',
          'POST',
          direct.baseUrl,
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await direct.close();
    }
  });

  it('reads TRUST_PROXY as Fastify takes it, and refuses a hop count Fastify would ignore', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => parseTrustProxy('1')).toThrow(/hop count/);
  });

  it('reports that mail stays in the outbox when no SMTP server is configured', async () => {
    const response = await t.api.get('/auth/email-configured');
    expect(response.body).toBe(false);
  });
});
