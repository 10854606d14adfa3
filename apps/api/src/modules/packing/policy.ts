import type { EntityPolicy } from '../../platform/entity-rules';
import { preparePacking, refuseFinishedDeletes, writePackingRows } from './service';

/** A packing is saved with its rows in one transaction, after its orders and lockers are locked (issue 30). */
export const packingPolicy: EntityPolicy = {
  beforeWrite: async (ctx, { before, data }) => {
    if (!before) await preparePacking(ctx, data);
  },
  afterCreate: async (ctx, row) => {
    await writePackingRows(ctx, row);
  },
  beforeDelete: (_ctx, { rows }) => refuseFinishedDeletes(rows),
};
