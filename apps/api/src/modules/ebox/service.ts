import {
  CLUSTER_EBOX_SEQUENCES,
  type ClusterEboxSequence,
  COMPARTIMENT_HOLDING_STATUSES,
  COMPARTIMENT_STATUSES,
  type CompartimentStatus,
  DEFAULT_RELAY_CHANNELS,
  ENTITIES,
  type LockerModule,
  numberOf,
  planCompartiments,
  stringsOf,
  textOf,
} from '@ebox/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { deleteRows, findRowsInScope, insertRow, pickColumns, type Row, resourceOf, rowsOf, updateRow } from '../../kit/repository';
import { scopeCondition } from '../../kit/scope';
import { serviceOf } from '../../kit/service';
import { type CompanyScope, scopeOfActor } from '../../platform/access';
import { auditByOf, writeAudit } from '../../platform/audit';
import { authorize, authorizeAny, dbOf, inTransaction, principalOf, type ServiceContext, type TxContext } from '../../platform/context';
import { entityTable } from '../../platform/db/entity-tables';
import { badRequest, notFound } from '../../platform/errors';
import { liveOrdersOfLocker } from '../order/service';
import { enqueueApplyConfig } from '../terminal-commands/service';

/**
 * The locker operations of spec 7.4 beyond the generic resource: compartments generated from the
 * modules, clone, metrics, cluster status and the cluster's locker picker. Same rules as the kit:
 * permission first, company scope on every read (a locker outside it is 404), audit in the change's
 * transaction.
 */

const ebox = () => resourceOf(ENTITIES.ebox);
const compartiment = () => resourceOf(ENTITIES.compartiment);

function scopeOfContext(ctx: ServiceContext): CompanyScope {
  return scopeOfActor(ctx.actor);
}

async function lockerInScope(ctx: ServiceContext, id: string, lock = false): Promise<Row> {
  const [row] = await findRowsInScope(dbOf(ctx), ebox(), [id], scopeOfContext(ctx), { lock });
  if (!row) throw notFound();
  return row;
}

/** The numbering of a locker's compartments: its first cluster link's, else left to right, top to bottom. */
async function sequenceOf(ctx: TxContext, eboxId: string): Promise<ClusterEboxSequence> {
  const link = entityTable('clusterEbox');
  const [row] = await ctx.tx
    .select({ sequence: link.sequenceCompartiments })
    .from(link)
    .where(eq(link.ebox, eboxId))
    .orderBy(sql`${link.enable} DESC`, asc(link.clusterPosition), asc(link.createdAt))
    .limit(1);
  return CLUSTER_EBOX_SEQUENCES.find((sequence) => sequence === row?.sequence) ?? 'LR-TB';
}

/** The locker's modules, left to right, each with its positions and their layouts. */
async function modulesOf(ctx: TxContext, moduleIds: string[]): Promise<LockerModule[]> {
  if (!moduleIds.length) throw badRequest('entities.ebox.errors.noModules');
  const module = entityTable('eboxModule');
  const position = entityTable('eboxModuleCompartiment');
  const layout = entityTable('compartimentLayout');
  const unique = [...new Set(moduleIds)];
  const modules = await ctx.tx
    .select({ id: module.id, name: module.name, board: module.defaultBoardNumber })
    .from(module)
    .where(inArray(module.id, unique));
  const positions = await ctx.tx
    .select({
      module: position.eboxModule,
      staticNumber: position.staticNumber,
      pcd: position.pcd,
      code: layout.code,
      width: layout.width,
      height: layout.height,
      depth: layout.depth,
    })
    .from(position)
    .innerJoin(layout, eq(layout.id, position.compartimentLayout))
    .where(inArray(position.eboxModule, unique));
  const byId = new Map(modules.map((m) => [m.id, m]));
  return moduleIds.map((id) => {
    const found = byId.get(id);
    if (!found) throw badRequest('entities.ebox.errors.noModules');
    const own = positions.filter((p) => p.module === id);
    if (!own.length) throw badRequest('entities.ebox.errors.moduleWithoutCompartiments', { module: found.name });
    return {
      boardNumber: numberOf(found.board),
      positions: own.map((p) => ({
        staticNumber: Number(p.staticNumber),
        pcd: Boolean(p.pcd),
        layout: { code: String(p.code), width: Number(p.width), height: Number(p.height), depth: Number(p.depth) },
      })),
    };
  });
}

/**
 * POST /ebox/generateCompartiments: deletes the locker's compartments and creates them again from
 * its modules (spec 5.5, after the console's warning), in one transaction with every row audited.
 * Refused while a compartment holds a parcel (OCCUPIED or BOOKED): its order would lose its door.
 */
export async function generateCompartiments(ctx: ServiceContext, input: { ebox: string; sequenceCompartiments?: ClusterEboxSequence }) {
  authorize(ctx, 'eboxEdit');
  return inTransaction(ctx, async (tx) => {
    const locker = await lockerInScope(tx, input.ebox, true);
    const resource = compartiment();
    const columns = resource.columns;
    const existing = rowsOf(
      await tx.tx
        .select({ id: columns.id, number: columns.number, status: columns.status })
        .from(resource.table)
        .where(eq(columns.ebox, locker.id))
        .orderBy(asc(columns.number))
        .for('update'),
    );
    const holding = existing.filter((row) => COMPARTIMENT_HOLDING_STATUSES.some((status) => status === row.status));
    if (holding.length) {
      throw badRequest('entities.ebox.errors.compartimentsHoldParcels', {
        count: holding.length,
        numbers: holding.map((row) => row.number).join(', '),
      });
    }
    const moduleIds = stringsOf(locker.eboxModule);
    const modules = await modulesOf(tx, moduleIds);
    const sequence = input.sequenceCompartiments ?? (await sequenceOf(tx, locker.id));
    const planned = planCompartiments(modules, {
      sequence,
      startNumber: numberOf(locker.startNumber) ?? 1,
      defaultBoardNumber: numberOf(locker.boardNumber) ?? 1,
      // A full board passes the rest on to the next: never a channel the board does not have.
      channelsPerBoard: numberOf(locker.relayChannels) ?? DEFAULT_RELAY_CHANNELS,
    });
    const by = auditByOf(principalOf(tx.actor));
    const oldRows = await findRowsInScope(
      tx.tx,
      resource,
      existing.map((row) => row.id),
      { companyIds: null },
    );
    await deleteRows(
      tx.tx,
      resource,
      existing.map((row) => row.id),
    );
    for (const row of oldRows) await writeAudit(tx.tx, { entityName: 'compartiment', entityId: row.id, action: 'delete', before: row, by });
    const userId = principalOf(tx.actor).userId;
    for (const plan of planned) {
      const { moduleIndex: _moduleIndex, ...values } = plan;
      const row = await insertRow(tx.tx, resource, {
        ...values,
        ebox: locker.id,
        usageType: 'DELIVERY',
        status: 'AVAILABLE',
        enable: true,
        createdById: userId,
        updatedById: userId,
      });
      await writeAudit(tx.tx, { entityName: 'compartiment', entityId: row.id, action: 'create', after: row, by });
    }
    const after = await updateRow(tx.tx, ebox(), locker.id, { currentModules: moduleIds.length, updatedById: userId });
    await writeAudit(tx.tx, {
      entityName: 'ebox',
      entityId: locker.id,
      action: 'generateCompartiments',
      before: locker,
      after: { ...after, compartiments: planned.length, sequenceCompartiments: sequence },
      by,
    });
    // The terminal drives its relays by this mapping: it gets the new one once this commits.
    await enqueueApplyConfig(tx, locker.id, 'generateCompartiments');
    return { count: planned.length, sequenceCompartiments: sequence };
  });
}

/**
 * PUT /ebox/clone/{id} {data}: a new locker from the form (filled from the source by the console)
 * with a copy of the source's compartments (wiring, sizes; every one AVAILABLE), in one transaction.
 */
export async function cloneEbox(ctx: ServiceContext, sourceId: string, data: unknown) {
  authorize(ctx, 'eboxRead');
  authorize(ctx, 'eboxCreate');
  return inTransaction(ctx, async (tx) => {
    const source = await lockerInScope(tx, sourceId);
    const created = await serviceOf('ebox').create(tx, data);
    const resource = compartiment();
    const columns = resource.columns;
    const rows = await tx.tx.select().from(resource.table).where(eq(columns.ebox, source.id)).orderBy(asc(columns.number));
    const by = auditByOf(principalOf(tx.actor));
    const userId = principalOf(tx.actor).userId;
    for (const raw of rows) {
      const row = await insertRow(tx.tx, resource, {
        ebox: created.id,
        number: raw.number,
        boardNumber: raw.boardNumber,
        numberInColumn: raw.numberInColumn,
        comNumber: raw.comNumber,
        usageType: raw.usageType,
        size: raw.size,
        status: 'AVAILABLE',
        pcd: raw.pcd,
        enable: raw.enable,
        width: raw.width,
        height: raw.height,
        depth: raw.depth,
        createdById: userId,
        updatedById: userId,
      });
      await writeAudit(tx.tx, { entityName: 'compartiment', entityId: row.id, action: 'create', after: row, by });
    }
    if (rows.length) await updateRow(tx.tx, ebox(), created.id, { currentModules: source.currentModules ?? null });
    return serviceOf('ebox').find(tx, created.id);
  });
}

type StatusCounts = Record<CompartimentStatus, number>;

/** Every status counted from 0, in COMPARTIMENT_STATUSES' order (the answer's key order). */
function emptyCounts(): StatusCounts {
  return { AVAILABLE: 0, OCCUPIED: 0, DAMAGE: 0, DIRTY: 0, BOOKED: 0 };
}

/** GET /ebox/metrics?eboxId: the locker's compartments, its live orders the caller may read, and counts by status. */
export async function eboxMetrics(ctx: ServiceContext, eboxId: string) {
  authorize(ctx, 'eboxRead');
  const locker = await lockerInScope(ctx, eboxId);
  const columns = compartiment().columns;
  const rows = await dbOf(ctx)
    .select(
      pickColumns(compartiment(), ['id', 'number', 'size', 'status', 'boardNumber', 'comNumber', 'numberInColumn', 'height', 'enable']),
    )
    .from(compartiment().table)
    .where(eq(columns.ebox, locker.id))
    .orderBy(asc(columns.number));
  const statusCompartiments = emptyCounts();
  for (const row of rows) {
    const stored = row.status ?? 'AVAILABLE';
    const status = COMPARTIMENT_STATUSES.find((known) => known === stored);
    if (status) statusCompartiments[status] += 1;
  }
  return {
    compartiments: rows.map((row) => ({ ...row, height: row.height === null ? null : Number(row.height) })),
    orders: await liveOrdersOfLocker(ctx, locker.id),
    statusCompartiments,
  };
}

type SizeStatus = {
  size: string;
  total: number;
  total_compartiments: number;
  available: number;
  damaged: number;
  occupied: number;
  booked: number;
};

/** GET /cluster/{id}/status: per compartment size of the cluster's lockers, how many are in each state. */
export async function clusterStatus(ctx: ServiceContext, clusterId: string) {
  authorize(ctx, 'clusterRead');
  const scope = scopeOfContext(ctx);
  const cluster = resourceOf(ENTITIES.cluster);
  const [found] = await findRowsInScope(dbOf(ctx), cluster, [clusterId], scope);
  if (!found) throw notFound();
  const link = entityTable('clusterEbox');
  const lockers = ebox().columns;
  const columns = compartiment().columns;
  const rows = await dbOf(ctx)
    .select({ size: columns.size, status: columns.status, n: sql<string>`count(*)` })
    .from(compartiment().table)
    .where(
      and(
        sql`${columns.ebox} IN (SELECT ${link.ebox} FROM ${link} WHERE ${link.cluster} = ${found.id})`,
        // The cluster may link a locker the caller does not see; it is not counted for them.
        sql`${columns.ebox} IN (SELECT ${lockers.id} FROM ${entityTable('ebox')} WHERE ${scopeCondition(ENTITIES.ebox, lockers, scope) ?? sql`true`})`,
      ),
    )
    .groupBy(columns.size, columns.status);
  const answer: Record<string, SizeStatus> = {};
  for (const row of rows) {
    const size = String(row.size ?? '');
    const entry = answer[size] ?? { size, total: 0, total_compartiments: 0, available: 0, damaged: 0, occupied: 0, booked: 0 };
    answer[size] = entry;
    const n = Number(row.n);
    entry.total += n;
    entry.total_compartiments += n;
    if (row.status === 'AVAILABLE' || row.status === null) entry.available += n;
    else if (row.status === 'DAMAGE') entry.damaged += n;
    else if (row.status === 'OCCUPIED') entry.occupied += n;
    else if (row.status === 'BOOKED') entry.booked += n;
  }
  return answer;
}

/** GET /clusterEbox/autocompleteEbox?clusterId: the lockers linked to a cluster, as the pickers show them. */
export async function autocompleteClusterEboxes(ctx: ServiceContext, clusterId: string, text: string | undefined, limit: number) {
  authorizeAny(ctx, ['clusterRead', 'clusterAutocomplete', 'eboxAutocomplete']);
  const scope = scopeOfContext(ctx);
  const [found] = await findRowsInScope(dbOf(ctx), resourceOf(ENTITIES.cluster), [clusterId], scope);
  if (!found) throw notFound();
  const link = entityTable('clusterEbox');
  const lockers = ebox().columns;
  const rows = await dbOf(ctx)
    .select({ id: lockers.id, name: lockers.name, code: lockers.code })
    .from(entityTable('ebox'))
    .innerJoin(link, eq(link.ebox, lockers.id))
    .where(
      and(
        eq(link.cluster, found.id),
        scopeCondition(ENTITIES.ebox, lockers, scope),
        text?.trim() ? sql`(${lockers.name} ILIKE ${`%${text.trim()}%`} OR ${lockers.code} ILIKE ${`%${text.trim()}%`})` : undefined,
      ),
    )
    .orderBy(asc(link.clusterPosition), asc(lockers.name))
    .limit(limit);
  // A locker's name is required: every row has one.
  return rowsOf(rows).map((row) => ({ id: row.id, label: textOf(row.name) ?? '' }));
}
