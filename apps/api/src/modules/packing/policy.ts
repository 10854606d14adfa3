import { can, principalOf } from '../../platform/context';
import type { EntityPolicy } from '../../platform/entity-rules';
import { preparePacking, releaseDeletedPackings, writePackingRows } from './service';

/** A packing is saved with its rows in one transaction, after its orders and lockers are locked (issue 30). */
export const packingPolicy: EntityPolicy = {
  beforeWrite: async (ctx, { before, data }) => {
    if (!before) await preparePacking(ctx, data);
  },
  afterCreate: async (ctx, row) => {
    await writePackingRows(ctx, row);
  },
  beforeDelete: (ctx, { rows }) => releaseDeletedPackings(ctx, rows),
  // The courier's code, to who plans runs and to the run's own courier, while the run is open.
  revealSecrets: (ctx, row) =>
    !row.finishedAt && (can(ctx, 'packingCreate') || (typeof row.operator === 'string' && row.operator === principalOf(ctx.actor).userId)),
};
