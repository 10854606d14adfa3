import type { EntityActionHandler } from '../../platform/entity-rules';
import { moveOrder } from './lifecycle-service';
import { renewAccessCode } from './policy';

/**
 * The order's declared actions (routes.actions of its declaration). `cancel` is also what DELETE
 * /order runs on each id (spec 4.1): the order stays, CANCELED, readable and audited.
 */
export const orderActions: Record<string, EntityActionHandler> = {
  'order.cancel': {
    // moveOrder writes the order's audit row, as for every caller that moves an order.
    auditsItself: true,
    run: async (ctx, { before }) => {
      await moveOrder(ctx, before, { kind: 'console', action: 'cancel' }, { auditAction: 'cancel' });
      return undefined;
    },
  },
  /** Issue 25: "new code", the way an order's access code changes (policy.ts renewAccessCode). */
  'order.newAccessCode': {
    run: async (ctx, { before }) => {
      await renewAccessCode(ctx, before);
      return undefined;
    },
  },
};
