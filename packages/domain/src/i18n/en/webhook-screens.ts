/**
 * The webhook page's words (signing secret and delivery log): the console loads them with the
 * webhook screens (apps/web/src/features/webhook/messages.ts).
 */
export const webhookScreenAreas = [
  {
    webhookPage: {
      secret: {
        title: 'Signing secret',
        hint: 'Every delivery is signed as Standard Webhooks defines it (headers webhook-id, webhook-timestamp and webhook-signature). The receiver verifies the signature with this secret, using any Standard Webhooks library.',
        createdTitle: 'Webhook created: copy its signing secret',
        rotatedTitle: 'New signing secret',
        shownOnce: 'This secret will not be shown again. Keep it in the system that receives the events.',
        previousValidUntil: 'The previous secret keeps signing until {{date}}.',
        previousStopped: 'The previous secret no longer signs.',
        copy: 'Copy secret',
        copied: 'Secret copied',
        done: 'I have kept the secret',
        rotate: 'Rotate secret',
        rotateTitle: 'Rotate the signing secret?',
        rotateText:
          'A new secret signs the deliveries from now on. Choose how long the current one stays valid, so the receiver can switch without losing a delivery.',
        overlap: 'The current secret stays valid for',
        overlapNone: 'No time (it stops now)',
        overlapHours: '{{count}} hours',
        rotateConfirm: 'Rotate secret',
        keep: 'Keep secret',
      },
      deliveries: {
        title: 'Deliveries',
        empty: "No delivery yet: the company's order events show here once they are sent.",
        createdAt: 'Created at',
        type: 'Event',
        order: 'Order',
        status: 'Status',
        attempts: 'Attempts',
        lastAnswer: 'Last answer',
        nextAttempt: 'Next attempt',
        statuses: { pending: 'Waiting', delivered: 'Delivered', failed: 'Given up' },
        noAnswer: 'No answer',
        attemptLog: 'Attempts',
        attemptAt: 'At',
        answer: 'Answer',
        duration: 'Duration',
        durationMs: '{{ms}} ms',
        excerpt: 'Start of the answer',
        body: 'Body sent',
        details: 'Details',
        actions: 'Actions',
        replay: 'Send given-up again',
        replayTitle: 'Send the given-up deliveries again?',
        replayText:
          "Every given-up delivery created in the period goes back to the queue and is sent again, one order's deliveries in their own order.",
        replayPeriod: 'Period',
        replayConfirm: 'Send again',
        replayed: '{{count}} deliveries are back in the queue',
        resend: 'Send again',
        resent: 'The delivery is back in the queue and will be sent again',
        disabled: 'Webhook disabled: {{reason}}',
        disabledNoReason: 'Webhook disabled',
      },
    },
  },
];
