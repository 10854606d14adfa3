import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/**
 * A paid booking's Pix asked of the gateway (service.ts chargePayment). Retried while the gateway
 * cannot be reached or fails on its side: our payment id is the idempotency key, so a retry after a
 * lost answer gets the same charge back, never a second one.
 */
export const paymentChargeJob = defineJob({
  name: 'payment.charge',
  payload: z.object({ paymentId: z.uuid() }),
  actor: 'paymentGateway',
  retry: { limit: 5, delaySeconds: 5 },
  concurrency: 8,
  handler: () => import('./service').then((m) => m.chargePayment),
});

/** A payment read from the gateway and moved by what it says (after a notification, or polled). */
export const paymentCheckJob = defineJob({
  name: 'payment.check',
  payload: z.object({ paymentId: z.uuid() }),
  actor: 'paymentGateway',
  retry: { limit: 5, delaySeconds: 10 },
  concurrency: 8,
  handler: () => import('./service').then((m) => m.checkPayment),
});

/** Every minute: silent PENDING payments are asked about, expired ones declined. */
export const paymentSweepJob = defineJob({
  name: 'payment.sweep',
  payload: z.object({}),
  actor: 'paymentGateway',
  retry: { limit: 1, delaySeconds: 30 },
  schedule: { cron: '* * * * *', payload: {} },
  handler: () => import('./service').then((m) => m.sweepPayments),
});
