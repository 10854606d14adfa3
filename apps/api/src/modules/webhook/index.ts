import { type AppModule, declareEventRecorder } from '../../platform/modules';
import {
  recordMessageWebhooks,
  recordOrderCreatedWebhooks,
  recordOrderStatusesWebhooks,
  recordOrderStatusWebhooks,
} from './delivery-service';
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
  },
  jobs: [webhookLaneJob],
  // An order's events become deliveries in the transaction that publishes them (docs/webhooks.md).
  eventRecorders: [
    declareEventRecorder({ event: 'order.created', name: 'webhooks', record: recordOrderCreatedWebhooks }),
    declareEventRecorder({
      event: 'order.statusChanged',
      name: 'webhooks',
      record: recordOrderStatusWebhooks,
      recordAll: recordOrderStatusesWebhooks,
    }),
    declareEventRecorder({ event: 'orderMessage.statusChanged', name: 'webhooks', record: recordMessageWebhooks }),
  ],
  routes: () => import('./routes').then((m) => m.registerWebhookRoutes),
};
