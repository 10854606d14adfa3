import { ENTITIES } from '@ebox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Every API route checks who calls before it reads the body: an anonymous call with a malformed
 * body is 401 on every route that needs a session (not 400 on some and 401 on others), and only the
 * routes meant for anyone (sign-in, sign-up, password reset, email verification, signed file links,
 * the API docs) let it through to their own checks.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PUBLIC_ROUTES = [
  'GET /io/api/v1/auth/email-configured',
  'GET /io/api/v1/docs',
  'GET /io/api/v1/file/:id/:name',
  'GET /io/api/v1/order/export/file/:id/:name',
  // A message's QR-code link (issue 27): checked by its signed, expiring token instead.
  'GET /io/api/v1/order/qrcode/:token',
  // A payment export's file (issue 32): checked by the link's signature, as the order's.
  'GET /io/api/v1/payment/export/file/:id/:name',
  // A release's build for a locker (issue 31): checked by the attempt's signed URL, valid 1 h, instead.
  'GET /io/api/v1/terminalUiRelease/download/:target/:attempt',
  // Meta's calls (issue 27): checked by the verify token and the body's signature instead.
  'GET /io/api/v1/webhooks/whatsapp',
  'POST /io/api/v1/auth/get-password-reset-method',
  'POST /io/api/v1/auth/send-password-reset-email',
  'POST /io/api/v1/auth/sign-in',
  'POST /io/api/v1/auth/sign-up',
  // Mercado Pago's notifications (issue 32): checked by their x-signature instead.
  'POST /io/api/v1/webhooks/mercadopago',
  'POST /io/api/v1/webhooks/whatsapp',
  'PUT /io/api/v1/auth/password-reset',
  'PUT /io/api/v1/auth/verify-email',
  // A terminal UI build's bytes (issue 31): checked by the URL's signed, expiring signature instead.
  'PUT /io/api/v1/file/upload/:id',
];

/** A concrete address for a route pattern: ids become a uuid, wildcards a file name. */
function addressOf(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'index.html');
}

describe('authentication before validation', () => {
  it('answers 401 to an anonymous malformed call of every route not marked public', async () => {
    const routes = t.app.apiRoutes;
    // The walk covers the whole API: the kit's entities, IAM, auth, settings, files, logs.
    for (const entity of Object.values(ENTITIES)) {
      expect(routes.some((route) => route.url === `/io/api/v1/${entity.path}/:id`)).toBe(true);
    }
    expect(routes.some((route) => route.url === '/io/api/v1/iam')).toBe(true);
    const answers: string[] = [];
    for (const route of routes) {
      const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      const response = await fetch(`${t.baseUrl}${addressOf(route.url)}?limit=-1&filter=%5B`, {
        method: route.method,
        redirect: 'manual',
        headers: withBody ? { 'content-type': 'application/json' } : {},
        body: withBody ? '{"data": [broken' : undefined,
      });
      if (!route.public) answers.push(`${route.method} ${route.url} ${response.status}`);
      // Meta's webhook authenticates by its body's signature, checked before anything is read: an
      // unsigned body is 401 there (issue 32), though nobody signs in.
      else if (route.method === 'POST' && /^\/io\/api\/v1\/webhooks\/(whatsapp|mercadopago)$/.test(route.url))
        expect(response.status).toBe(401);
      else expect(response.status, `${route.method} ${route.url}`).not.toBe(401);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });

  it('marks exactly the routes meant for anyone as public', () => {
    const marked = t.app.apiRoutes
      .filter((route) => route.public)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !route.startsWith('GET /io/api/v1/docs/'));
    expect([...new Set(marked)].sort()).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 with the session message to an expired or forged token, before the body', async () => {
    const response = await t.client('not-a-token', 'en').raw('POST', '/customer', '{"data": [broken');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('sessionExpired');
  });
});
