import { registerActionHandler } from '../../kit/policies';
import { moveOrder } from './lifecycle-service';

/**
 * The order's declared actions (routes.actions of its declaration). `cancel` is also what DELETE
 * /order runs on each id (spec 4.1): the order stays, CANCELED, readable and audited.
 */
registerActionHandler('order', 'cancel', async (ctx, { before }) => {
  await moveOrder(ctx, before, { kind: 'console', action: 'cancel' });
  return undefined;
});
