import { COMPARTIMENT_HOLDING_STATUSES, ENTITIES } from '@ebox/domain';
import { asc, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EntityPolicy } from '../../kit/policies';
import { deleteRows, resourceOf, rowsOf } from '../../kit/repository';
import { auditByOf, writeAudit } from '../../platform/audit';
import { principalOf } from '../../platform/context';
import { entityTable } from '../../platform/db/entity-tables';
import { badRequest } from '../../platform/errors';

/**
 * A new locker is offline until its terminal's first heartbeat (the link keeps status from then on).
 * A deleted locker takes its compartments and cluster links with it (each audited), unless a
 * compartment holds a parcel.
 */
export const eboxPolicy: EntityPolicy = {
  beforeWrite(_ctx, { before, data }) {
    if (!before) data.status = 'offline';
  },
  async beforeDelete(ctx, { rows }) {
    const ids = rows.map((row) => row.id);
    const by = auditByOf(principalOf(ctx.actor));
    for (const name of ['compartiment', 'clusterEbox'] as const) {
      const resource = resourceOf(ENTITIES[name] as never);
      const columns = resource.columns;
      const owned = rowsOf(
        await ctx.tx
          .select()
          .from(resource.table)
          .where(inArray(columns.ebox as PgColumn, ids))
          .orderBy(asc(columns.id as PgColumn))
          .for('update'),
      );
      if (name === 'compartiment') {
        const holding = owned.filter((row) => (COMPARTIMENT_HOLDING_STATUSES as readonly unknown[]).includes(row.status));
        if (holding.length) {
          throw badRequest('entities.ebox.errors.deleteHoldsParcels', {
            count: holding.length,
            numbers: holding.map((row) => row.number).join(', '),
          });
        }
      }
      await deleteRows(
        ctx.tx,
        resource,
        owned.map((row) => row.id),
      );
      for (const row of owned) await writeAudit(ctx.tx, { entityName: name, entityId: row.id, action: 'delete', before: row, by });
    }
    // The embedded broker's credentials go with the locker (foreign key); an external broker keeps
    // its own users, so a deleted locker's terminal is revoked there once the delete has committed.
    const mqtt = ctx.deps.mqtt;
    const terminals = rows.map((row) => row.terminalId).filter((id): id is string => typeof id === 'string' && id !== '');
    if (mqtt && mqtt.mode === 'external' && terminals.length) {
      ctx.afterCommit.push(async () => {
        for (const terminalId of terminals)
          await mqtt.admin.revoke(terminalId).catch((error: unknown) => ctx.log.warn({ err: error, terminalId }, 'mqtt: revoke failed'));
      });
    }
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
