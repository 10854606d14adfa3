import { inArray } from 'drizzle-orm';
import type { EntityPolicy } from '../../kit/policies';
import { entityTable } from '../../platform/db/entity-tables';

/** A new locker is offline until its terminal's first heartbeat (the link keeps status from then on). */
export const eboxPolicy: EntityPolicy = {
  beforeWrite(_ctx, { before, data }) {
    if (!before) data.status = 'offline';
  },
};

/** A compartment without a status is AVAILABLE (spec 4.1: release makes it available again). */
export const compartimentPolicy: EntityPolicy = {
  beforeWrite(_ctx, { before, data }) {
    if (!before && !data.status) data.status = 'AVAILABLE';
    if (before && data.status === null) data.status = 'AVAILABLE';
  },
};

/**
 * clusterName and eboxCode (spec 3) are kept from the linked cluster and locker, so a link reads and
 * filters by them and an exported file imports again by them.
 */
export const clusterEboxPolicy: EntityPolicy = {
  async beforeWrite(ctx, { before, data }) {
    const clusterId = (data.cluster ?? before?.cluster) as string | undefined;
    const eboxId = (data.ebox ?? before?.ebox) as string | undefined;
    if (clusterId) {
      const table = entityTable('cluster');
      const [row] = await ctx.tx
        .select({ name: table.name })
        .from(table)
        .where(inArray(table.id, [clusterId]));
      data.clusterName = (row?.name as string | undefined) ?? null;
    }
    if (eboxId) {
      const table = entityTable('ebox');
      const [row] = await ctx.tx
        .select({ code: table.code })
        .from(table)
        .where(inArray(table.id, [eboxId]));
      data.eboxCode = (row?.code as string | undefined) ?? null;
    }
  },
};
