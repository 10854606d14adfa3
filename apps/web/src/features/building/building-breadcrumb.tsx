import { DECLARED_ENTITIES, type RelationRef, relationRefsOf } from '@ebox/domain';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type EntityRecord, endpointsOf, entityKeys } from '../../kit/entity-api';
import { entityPluralLabel, recordTitle } from '../../kit/entity-labels';
import { screenPathsOf } from '../../kit/screens';

const { building, buildingLevel1, buildingLevel2 } = DECLARED_ENTITIES;

type Crumb = { key: string; title: string; to?: string };

function Trail({ crumbs, testId }: { crumbs: Crumb[]; testId: string }) {
  return (
    <Breadcrumb
      data-testid={testId}
      items={crumbs.map((crumb) => ({ key: crumb.key, title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title }))}
    />
  );
}

function buildingCrumbs(t: ReturnType<typeof useTranslation>['t'], parent: RelationRef | null | undefined): Crumb[] {
  const crumbs: Crumb[] = [{ key: 'buildings', title: entityPluralLabel(t, building), to: screenPathsOf(building).list }];
  if (parent) crumbs.push({ key: parent.id, title: parent.label, to: screenPathsOf(building).view(parent.id) });
  return crumbs;
}

/** Buildings › the building › this level 1. */
export function Level1Breadcrumb({ level1 }: { level1: EntityRecord }) {
  const { t } = useTranslation();
  const crumbs = [
    ...buildingCrumbs(t, relationRefsOf(level1.building)[0]),
    { key: level1.id, title: recordTitle(t, buildingLevel1, level1) },
  ];
  return <Trail crumbs={crumbs} testId="building-level1-breadcrumb" />;
}

/**
 * Buildings › the building › its level 1 › this level 2. A level 2 does not name its level 1 (the
 * level 1 lists its units), so the level 1 holding it is looked up.
 */
export function Level2Breadcrumb({ level2 }: { level2: EntityRecord }) {
  const { t } = useTranslation();
  const request = { filter: { level2: level2.id }, limit: 1, offset: 0 };
  const holder = useQuery({
    queryKey: entityKeys.list(buildingLevel1.name, request),
    queryFn: () => endpointsOf(buildingLevel1).list(request),
    retry: false,
  });
  const level1 = holder.data?.rows[0];
  const crumbs = [
    ...buildingCrumbs(t, relationRefsOf(level1?.building)[0]),
    ...(level1
      ? [{ key: level1.id, title: recordTitle(t, buildingLevel1, level1), to: screenPathsOf(buildingLevel1).view(level1.id) }]
      : []),
    { key: level2.id, title: recordTitle(t, buildingLevel2, level2) },
  ];
  return <Trail crumbs={crumbs} testId="building-level2-breadcrumb" />;
}
