import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers the load balancer health check', async () => {
    const response = await fetch(`${t.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with a translated 404', async () => {
    const pt = await t.client(undefined, 'pt-BR').get('/nowhere');
    expect(pt.status).toBe(404);
    expect(pt.body.error.message).toBe('Rota não encontrada');
    const en = await t.client(undefined, 'en').get('/nowhere');
    expect(en.body.error.message).toBe('Route not found');
  });

  it('serves the OpenAPI document', async () => {
    const response = await fetch(`${t.baseUrl}/io/api/v1/docs/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${t.baseUrl}/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});
