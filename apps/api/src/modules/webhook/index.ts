import { WEBHOOK_SECRET_OVERLAP_SECONDS } from '@ebox/domain';
import { type AppModule, declareEventRecorder } from '../../platform/modules';
import { recordOrderCreatedWebhooks, recordOrderStatusWebhooks } from './delivery-service';
import { webhookLaneJob } from './jobs';
import { rotateWebhookSecret } from './secret-service';

/**
 * The shippers' webhooks (issue 27, item 5): order events delivered as Standard Webhooks, signed,
 * in order per order, retried on the standard schedule, with every attempt logged.
 */
export const webhookModule: AppModule = {
  name: 'webhook',
  entities: {
    policies: {
      webhook: {
        // The signing secret is answered once, with the create.
        shownOnceOnCreate: async (ctx, row) => {
          const { secret } = await rotateWebhookSecret(ctx, row.id, 0);
          return { secret };
        },
        // An imported webhook signs too; its secret is seen by rotating it.
        afterCreate: async (ctx, row, how) => {
          if (how !== 'import') return;
          await rotateWebhookSecret(ctx, row.id, 0);
        },
      },
    },
    actions: {
      /** A new signing secret, answered once; the previous one keeps signing for the overlap (24 h by default). */
      'webhook.rotateSecret': {
        // `data` is checked by the declaration's body (packages/domain webhook.ts).
        run: async (ctx, { before, data }) => {
          const hours = (data as { overlapHours?: number } | undefined)?.overlapHours;
          const overlap = hours === undefined ? WEBHOOK_SECRET_OVERLAP_SECONDS : hours * 3_600;
          return rotateWebhookSecret(ctx, before.id, overlap);
        },
      },
    },
  },
  jobs: [webhookLaneJob],
  // An order's events become deliveries in the transaction that publishes them (docs/webhooks.md).
  eventRecorders: [
    declareEventRecorder({ event: 'order.created', name: 'webhooks', record: recordOrderCreatedWebhooks }),
    declareEventRecorder({ event: 'order.statusChanged', name: 'webhooks', record: recordOrderStatusWebhooks }),
  ],
  routes: () => import('./routes').then((m) => m.registerWebhookRoutes),
};
