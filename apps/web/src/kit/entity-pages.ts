import type { EntityDeclaration } from '@ebox/domain';
import { type ComponentType, createContext, useContext } from 'react';
import { nestedScreenOf } from './screens';

/**
 * Issue 26: the screens a feature puts in place of the kit's, by entity, as the app declares them
 * (app/entity-pages.ts). The kit never imports a feature: the app passes this registry to the routes
 * it builds (entity-routes.tsx) and provides it to the console's pages (EntityPagesContext).
 */

export type PageKind = 'list' | 'new' | 'importer' | 'edit' | 'view';

/** A page reads its declaration from the route's handle (useRouteEntity). */
export type PageLoader = () => Promise<ComponentType>;

export type EntityOwnPages = Partial<Record<PageKind, PageLoader>> & {
  /** The feature's list page shows the kit's URL-backed list as it is (with more around it): its first page can start early too. */
  kitListInside?: boolean;
};

/** Screens that differ from the kit's, by entity name. */
export type EntityPages = Readonly<Record<string, EntityOwnPages>>;

/** Outside the console (no provider) every entity has the kit's screens. */
export const EntityPagesContext = createContext<EntityPages>({});

export function useEntityPages(): EntityPages {
  return useContext(EntityPagesContext);
}

/**
 * Whether the kit's create form alone makes a record of the entity, so a relation select may offer
 * it in a dialog: not for an entity with its own form (role) nor one created under its parent.
 */
export function hasKitCreateForm(entity: EntityDeclaration, pages: EntityPages): boolean {
  return !pages[entity.name]?.new && !nestedScreenOf(entity);
}
