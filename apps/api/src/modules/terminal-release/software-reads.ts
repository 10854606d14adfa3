import {
  compareVersions,
  DECLARED_ENTITIES,
  type FleetVersionsAnswer,
  isUuid,
  type SoftwareHistoryAnswer,
  sortFleetVersions,
} from '@ebox/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { findRowsInScope, resourceOf } from '../../kit/repository';
import { scopeCondition } from '../../kit/scope';
import { scopeOfActor } from '../../platform/access';
import { authorize, dbOf, type ServiceContext } from '../../platform/context';
import { entityTable } from '../../platform/db/entity-tables';
import { notFound } from '../../platform/errors';
import { countFleetVersions, listSoftwareHistory } from './repository';

/**
 * The fleet's software as people read it (issue 31): a locker's version history (every release that
 * reached it) and how many lockers run each version. Both ask terminalUiReleaseRead and keep to the
 * lockers the caller may see (spec 5.5).
 */

/** GET /ebox/{id}/software-history: the releases that reached this locker, newest first. */
export async function softwareHistoryOfLocker(
  ctx: ServiceContext,
  eboxId: string,
  page: { limit: number; offset: number },
): Promise<SoftwareHistoryAnswer> {
  authorize(ctx, 'terminalUiReleaseRead');
  const [locker] = isUuid(eboxId)
    ? await findRowsInScope(dbOf(ctx), resourceOf(DECLARED_ENTITIES.ebox), [eboxId], scopeOfActor(ctx.actor))
    : [];
  if (!locker) throw notFound();
  return listSoftwareHistory(dbOf(ctx), locker.id, page);
}

/**
 * GET /terminalUiRelease/fleet: per application and UI version, how many of the caller's lockers
 * (of one company with `company`) report it, oldest version first, unknown last.
 */
export async function fleetVersions(ctx: ServiceContext, filter: { company?: string | undefined }): Promise<FleetVersionsAnswer> {
  authorize(ctx, 'terminalUiReleaseRead');
  const ebox = entityTable('ebox');
  const where =
    and(
      scopeCondition(DECLARED_ENTITIES.ebox, getTableColumns(ebox), scopeOfActor(ctx.actor)),
      filter.company ? eq(ebox.company, filter.company) : undefined,
    ) ?? sql`true`;
  const counts = await countFleetVersions(dbOf(ctx), where);
  const application = sortFleetVersions(counts.application);
  const ui = sortFleetVersions(counts.ui);
  return {
    total: counts.total,
    application,
    ui,
    oldestApplication: oldestOf(application),
    oldestUi: oldestOf(ui),
  };
}

function oldestOf(counts: FleetVersionsAnswer['application']): string | null {
  const known = counts.map((row) => row.version).filter((version): version is string => version !== null);
  return known.sort(compareVersions)[0] ?? null;
}
