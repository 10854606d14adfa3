import { ENTITIES, type EntityDeclaration } from '@ebox/domain';
import { and, desc, sql } from 'drizzle-orm';
import { scopeCondition } from '../../kit/scope';
import type { CompanyScope } from '../../platform/access';
import type { Tx } from '../../platform/db/client';
import { entityTable, SORT_COLLATION } from '../../platform/db/entity-tables';
import type { CascaderOption } from '../terminal-software/cascader';

export type { CascaderOption };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /terminalUiRelease/cascader: each company the caller sees → its releases, newest scheduled
 * first (spec 7.4, as the terminal UI versions' cascader). `query` finds a release by its
 * identification or its company's name; `limit` counts releases.
 */
export async function releaseCascader(
  db: Tx,
  query: { text: string | undefined; limit: number; scope: CompanyScope },
): Promise<CascaderOption[]> {
  const release = entityTable('terminalUiRelease');
  const company = entityTable('company');
  const entity = ENTITIES.terminalUiRelease as EntityDeclaration;
  const text = query.text?.trim();
  const like = text ? `%${escapeLike(text)}%` : null;
  const rows = await db
    .select({ id: release.id, label: release.identification, companyId: company.id, companyName: company.name })
    .from(release)
    .innerJoin(company, sql`${company.id} = ${release.company}`)
    .where(
      and(
        scopeCondition(entity, release, query.scope),
        like ? sql`(${release.identification} ILIKE ${like} OR ${company.name} ILIKE ${like})` : undefined,
      ),
    )
    .orderBy(sql`${company.name} COLLATE ${sql.identifier(SORT_COLLATION)}`, company.id, desc(release.scheduledAt), release.id)
    .limit(query.limit);
  const companies = new Map<string, CascaderOption & { children: CascaderOption[] }>();
  for (const row of rows) {
    const companyId = String(row.companyId);
    let option = companies.get(companyId);
    if (!option) {
      option = { id: companyId, label: String(row.companyName ?? ''), children: [] };
      companies.set(companyId, option);
    }
    option.children.push({ id: String(row.id), label: String(row.label ?? '') });
  }
  return [...companies.values()];
}
