import { ENTITIES, textOf } from '@ebox/domain';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf } from '../../kit/repository';
import { scopeCondition } from '../../kit/scope';
import { contextOfRequest, scopeOfActor } from '../../platform/access';
import { authorize, dbOf, type ServiceContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { entityTable } from '../../platform/db/entity-tables';

/**
 * The network at a glance (issue 14, item 7): how many of the lockers the caller sees are online and
 * offline, and the ones silent for longest (oldest heartbeat first, never-heard ones before them),
 * shown above the locker list; and how many are misconfigured (issue 25: a relay mapping refused by
 * the terminal or found wrong before sending), whose doors the console will not drive.
 */

const SILENT_LIMIT = 5;

function lockerColumns() {
  return getTableColumns(entityTable('ebox'));
}

/** Counts and the silent lockers within `visible` (the caller's scope condition). */
async function readNetworkSummary(db: Tx, visible: SQL | undefined) {
  const ebox = lockerColumns();
  const table = entityTable('ebox');
  const [counts] = await db
    .select({
      online: sql<string>`count(*) filter (where ${ebox.status} = 'online')`,
      offline: sql<string>`count(*) filter (where ${ebox.status} is distinct from 'online')`,
      misconfigured: sql<string>`count(*) filter (where ${ebox.configStatus} in ('refused', 'invalid'))`,
    })
    .from(table)
    .where(visible);
  const silent = await db
    .select({ id: ebox.id, name: ebox.name, code: ebox.code, lastHeartBeat: ebox.lastHeartBeat })
    .from(table)
    .where(and(visible, sql`${ebox.status} is distinct from 'online'`, eq(ebox.enable, true)))
    .orderBy(sql`${ebox.lastHeartBeat} asc nulls first`, asc(ebox.name))
    .limit(SILENT_LIMIT);
  return {
    online: Number(counts?.online ?? 0),
    offline: Number(counts?.offline ?? 0),
    misconfigured: Number(counts?.misconfigured ?? 0),
    silentLongest: rowsOf(silent).map((row) => {
      const lastHeartBeat = textOf(row.lastHeartBeat);
      return {
        id: row.id,
        name: textOf(row.name) ?? '',
        code: textOf(row.code),
        lastHeartBeat: lastHeartBeat ? new Date(lastHeartBeat).toISOString() : null,
      };
    }),
  };
}

/** GET /ebox/network-summary: eboxRead, in the caller's company scope (with its locker group). */
export async function networkSummary(ctx: ServiceContext) {
  authorize(ctx, 'eboxRead');
  const scope = scopeOfActor(ctx.actor);
  return readNetworkSummary(dbOf(ctx), scopeCondition(ENTITIES.ebox, lockerColumns(), scope));
}

export async function registerNetworkSummaryRoute(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ebox/network-summary',
    {
      schema: {
        tags: ['ebox'],
        summary: 'Online and offline lockers, and the ones silent for longest',
        response: {
          200: z.object({
            online: z.number().int(),
            offline: z.number().int(),
            misconfigured: z.number().int(),
            silentLongest: z.array(
              z.object({ id: z.string(), name: z.string(), code: z.string().nullable(), lastHeartBeat: z.string().nullable() }),
            ),
          }),
        },
      },
    },
    async (request) => networkSummary(contextOfRequest(request)),
  );
}
