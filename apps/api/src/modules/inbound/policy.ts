import type { EntityPolicy } from '../../platform/entity-rules';
import { moveInboundOrders, prepareInbound } from './service';

/** An inbound is saved with its orders' moves in one transaction: all of them or none (issue 30). */
export const inboundPolicy: EntityPolicy = {
  beforeWrite: async (ctx, { before, data }) => {
    if (!before) await prepareInbound(ctx, data);
  },
  afterCreate: async (ctx, row) => {
    await moveInboundOrders(ctx, Array.isArray(row.orders) ? row.orders.map(String) : []);
  },
};
