import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Sign-in, sign-up and password reset are throttled per IP and per email. The API trusts the
 * proxy's X-Forwarded-For, so each test plays a different client address.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { AUTH_THROTTLE_PER_IP: '6', AUTH_THROTTLE_PER_EMAIL: '3', AUTH_THROTTLE_WINDOW_MS: '60000' } });
});
afterAll(() => t?.close());

async function call(path: string, body: unknown, ip: string, language = 'pt-BR', method = 'POST') {
  const response = await fetch(`${t.baseUrl}/io/api/v1${path}`, {
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
  it('throttles sign-in per email, with a translated 429, even for the right password', async () => {
    const account = await t.createUser();
    for (let i = 0; i < 3; i++) {
      expect((await call('/auth/sign-in', { email: account.email, password: 'wrong-guess' }, `10.1.0.${i}`)).status).toBe(400);
    }
    const pt = await call('/auth/sign-in', { email: account.email, password: account.password }, '10.1.0.9');
    expect(pt.status).toBe(429);
    expect(pt.body.error.message).toBe('Muitas tentativas. Aguarde um pouco e tente de novo');
    expect(Number(pt.retryAfter)).toBeGreaterThan(0);
    const en = await call('/auth/sign-in', { email: account.email.toUpperCase(), password: account.password }, '10.1.0.10', 'en');
    expect(en.status).toBe(429);
    expect(en.body.error.message).toBe('Too many attempts. Wait a moment and try again');

    const other = await t.createUser();
    expect((await call('/auth/sign-in', { email: other.email, password: other.password }, '10.1.0.11')).status).toBe(200);
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

  it('reports that mail stays in the outbox when no SMTP server is configured', async () => {
    const response = await t.api.get('/auth/email-configured');
    expect(response.body).toBe(false);
  });
});
