import { type AppModule, declareEventRecorder } from '../../platform/modules';
import { recordOrderCreatedMessages, recordOrderStatusesMessages, recordOrderStatusMessages } from './dispatch-service';
import { dispatchMessagesJob, remindBeforeExpiryJob, sendOrderMessageJob } from './jobs';
import { renderableTemplatePolicy } from './template-policy';

/**
 * Messages to the orders' customers (issue 27, items 1 to 3): templates rendered on every order
 * trigger and sent over e-mail, SMS, WhatsApp and push through the providers, with a fallback order of
 * channels, reminders before expiry, the message log and the providers' status reports.
 */
export const messageModule: AppModule = {
  name: 'message',
  jobs: [dispatchMessagesJob, sendOrderMessageJob, remindBeforeExpiryJob],
  entities: {
    policies: {
      ccm: renderableTemplatePolicy('ccm', {
        content: 'entities.ccm.errors.contentInvalid',
        subject: 'entities.ccm.errors.subjectInvalid',
      }),
      qrcodeTemplate: renderableTemplatePolicy('qrcodeTemplate', { hbsContent: 'entities.qrcodeTemplate.errors.hbsContentInvalid' }),
    },
  },
  // An order's move enqueues its messages' dispatch in its own transaction (docs/messages.md).
  eventRecorders: [
    declareEventRecorder({ event: 'order.created', name: 'messages', record: recordOrderCreatedMessages }),
    declareEventRecorder({
      event: 'order.statusChanged',
      name: 'messages',
      record: recordOrderStatusMessages,
      recordAll: recordOrderStatusesMessages,
    }),
  ],
  routes: () => import('./routes').then((m) => m.registerMessageRoutes),
};
