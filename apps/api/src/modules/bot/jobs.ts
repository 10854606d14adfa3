import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job';

/**
 * One notification Meta posted, signature checked (inbound-service.ts). Retried on a database error:
 * the wamid's unique key and the receipts' forward-only moves make a second run change nothing.
 */
export const whatsAppInboundJob = defineJob({
  name: 'whatsapp.inbound',
  payload: z.object({ notification: z.unknown(), signers: z.object({ console: z.boolean(), bots: z.array(z.uuid()) }) }),
  actor: 'whatsAppBot',
  retry: { limit: 5, delaySeconds: 5 },
  concurrency: 4,
  handler: () => import('./inbound-service').then((m) => m.handleWhatsAppNotification),
});
