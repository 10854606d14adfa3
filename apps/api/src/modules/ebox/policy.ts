import { COMPARTIMENT_HOLDING_STATUSES, ENTITIES, textOf } from '@ebox/domain';
import { asc, inArray } from 'drizzle-orm';
import { deleteRows, resourceOf, rowsOf } from '../../kit/repository';
import { auditByOf, writeAudit } from '../../platform/audit';
import { principalOf } from '../../platform/context';
import { entityTable } from '../../platform/db/entity-tables';
import type { EntityPolicy } from '../../platform/entity-rules';
import { badRequest } from '../../platform/errors';
import { enqueueApplyConfig } from '../terminal-commands/service';

/**
 * A new locker is offline until its terminal's first heartbeat (the link keeps status from then on).
 * A deleted locker takes its compartments and cluster links with it (each audited), unless a
 * compartment holds a parcel.
 */
export const eboxPolicy: EntityPolicy = {
  async beforeWrite(ctx, { before, data }) {
    if (!before) data.status = 'offline';
    // Another channel count changes which mappings pass the check: checked and sent again after commit.
    if (before && 'relayChannels' in data && data.relayChannels !== before.relayChannels) {
      await enqueueApplyConfig(ctx, before.id, 'relayChannelsChanged');
    }
  },
  async beforeDelete(ctx, { rows }) {
    const ids = rows.map((row) => row.id);
    const by = auditByOf(principalOf(ctx.actor));
    for (const name of ['compartiment', 'clusterEbox'] as const) {
      const resource = resourceOf(ENTITIES[name]);
      const columns = resource.columns;
      const owned = rowsOf(
        await ctx.tx.select().from(resource.table).where(inArray(columns.ebox, ids)).orderBy(asc(columns.id)).for('update'),
      );
      if (name === 'compartiment') {
        const holding = owned.filter((row) => COMPARTIMENT_HOLDING_STATUSES.some((status) => status === row.status));
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
/** What apply_config is made of: a change to one of these on a compartment sends the locker its mapping again. */
const WIRING_FIELDS = ['number', 'boardNumber', 'comNumber', 'enable'] as const;

export const compartimentPolicy: EntityPolicy = {
  async beforeWrite(ctx, { before, data }) {
    if (!before && !data.status) data.status = 'AVAILABLE';
    if (before && data.status === null) data.status = 'AVAILABLE';
    // A compartment rewired by hand (the fix of a misconfigured locker) reaches the terminal, and is
    // checked, once this commits: the mapping is not left to the next time the locker comes online.
    if (before?.ebox && WIRING_FIELDS.some((field) => field in data && data[field] !== before[field])) {
      await enqueueApplyConfig(ctx, String(before.ebox), 'compartimentChanged');
    }
  },
};

/**
 * clusterName and eboxCode (spec 3) are kept from the linked cluster and locker, so a link reads and
 * filters by them and an exported file imports again by them.
 */
export const clusterEboxPolicy: EntityPolicy = {
  async beforeWrite(ctx, { before, data }) {
    const clusterId = textOf(data.cluster ?? before?.cluster);
    const eboxId = textOf(data.ebox ?? before?.ebox);
    if (clusterId) {
      const table = entityTable('cluster');
      const [row] = await ctx.tx
        .select({ name: table.name })
        .from(table)
        .where(inArray(table.id, [clusterId]));
      data.clusterName = textOf(row?.name);
    }
    if (eboxId) {
      const table = entityTable('ebox');
      const [row] = await ctx.tx
        .select({ code: table.code })
        .from(table)
        .where(inArray(table.id, [eboxId]));
      data.eboxCode = textOf(row?.code);
    }
  },
};
