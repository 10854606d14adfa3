import { expect } from 'vitest';

/** The body of an answer that must have this status (200 unless said), or the test fails showing the body. */
export function ok<T = any>(response: { status: number; body: T }, status = 200): T {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

let tracking = 0;

/**
 * A DELIVERY order of the company for POST /order {data}, with a tracking code no other test's
 * order has (the prefix tells the test files' orders apart in a shared database's logs).
 */
export function orderDataFor(company: string, extra: Record<string, unknown> = {}, prefix = 'TS') {
  tracking += 1;
  return {
    type: 'DELIVERY',
    trackingCode: `${prefix}${Date.now().toString(36).toUpperCase()}${tracking}`,
    shipper: company,
    company,
    customerName: 'Mariana Souza',
    customerPhone: '(21) 98765-4321',
    ...extra,
  };
}
