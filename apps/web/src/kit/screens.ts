import { ENTITIES, type EntityDeclaration } from '@ebox/domain';

/**
 * Where each entity's screens live (spec 2.6) and where the user goes after an action (spec 2.7).
 * Most entities sit at /{path}; a few are reached from their parent's page and live under it.
 */

type NestedScreen = { parentEntity: string; parentField: string; param: string };

/** Spec 2.6: /eboxModule/eboxModuleCompartiment/new/:idModule, /cluster/clusterEbox/new/:idCluster, /ebox/compartiment/new/:idEbox. */
const NESTED_SCREENS: Record<string, NestedScreen> = {
  eboxModuleCompartiment: { parentEntity: 'eboxModule', parentField: 'eboxModule', param: 'idModule' },
  clusterEbox: { parentEntity: 'cluster', parentField: 'cluster', param: 'idCluster' },
  compartiment: { parentEntity: 'ebox', parentField: 'ebox', param: 'idEbox' },
};

/** Spec 2.7: updating these goes to the record's detail page rather than the list (a version: /versions/{id}, a release: /release/{id}). */
const DETAIL_AFTER_UPDATE = new Set(['building', 'buildingLevel1', 'buildingLevel2', 'version', 'terminalUiRelease']);

/** Screens whose address is not the API's path: spec 2.6 shows releases at /release, spec 7.3 serves them at /terminalUiRelease. */
const SCREEN_PATHS: Record<string, string> = { terminalUiRelease: 'release' };

/** Spec 2.7: after deleting a single building level 1 the page reloads. */
const RELOAD_AFTER_DESTROY_ONE = new Set(['buildingLevel1']);

/** Spec 2.6: /customer/:id/edit/:idOrder? — a customer edited from an order returns to that order. */
const RETURN_TO_ORDER = new Set(['customer']);

export function nestedScreenOf(entity: Pick<EntityDeclaration, 'name'>): NestedScreen | undefined {
  return NESTED_SCREENS[entity.name];
}

export function returnsToDetailAfterUpdate(entity: Pick<EntityDeclaration, 'name'>): boolean {
  return DETAIL_AFTER_UPDATE.has(entity.name);
}

export function reloadsAfterDestroyOne(entity: Pick<EntityDeclaration, 'name'>): boolean {
  return RELOAD_AFTER_DESTROY_ONE.has(entity.name);
}

export function returnsToOrder(entity: Pick<EntityDeclaration, 'name'>): boolean {
  return RETURN_TO_ORDER.has(entity.name);
}

/** The URL segment of an entity's screens: its declared path, or parent path + name when nested. */
export function screenBaseOf(entity: Pick<EntityDeclaration, 'name' | 'path'>): string {
  const nested = nestedScreenOf(entity);
  if (!nested) return `/${SCREEN_PATHS[entity.name] ?? entity.path}`;
  const parentPath = ENTITIES[nested.parentEntity]?.path ?? nested.parentEntity;
  return `/${parentPath}/${entity.name}`;
}

export type ScreenPaths = {
  list: string;
  create: (parentId?: string) => string;
  importer: string;
  view: (id: string) => string;
  edit: (id: string) => string;
};

export function screenPathsOf(entity: Pick<EntityDeclaration, 'name' | 'path'>): ScreenPaths {
  const base = screenBaseOf(entity);
  return {
    list: base,
    create: (parentId) => (parentId ? `${base}/new/${parentId}` : `${base}/new`),
    importer: `${base}/importer`,
    view: (id) => `${base}/${id}`,
    edit: (id) => `${base}/${id}/edit`,
  };
}

/** The view page of a related record, when the console has one (users live at /iam). */
export function relatedViewPath(entityName: string, id: string): string | undefined {
  if (entityName === 'user') return `/iam/${id}`;
  const entity = ENTITIES[entityName];
  return entity ? screenPathsOf(entity).view(id) : undefined;
}
