import { ENTITIES, type EntityDeclaration, isPlainObject, type Permission, textOf } from '@ebox/domain';
import { useMatches } from 'react-router';

/** What an entity route declares: the guard reads `permission`, the page reads `entity`. */
export type EntityRouteHandle = { permission?: Permission; entity?: string; startFirstRequests?: (url: URL) => void };

/**
 * The declaration a page works on: the one passed in, else the one named by the deepest matched
 * route's handle (the routes of entity-routes.tsx name their entity there).
 */
export function useRouteEntity(explicit?: EntityDeclaration): EntityDeclaration {
  const matches = useMatches();
  if (explicit) return explicit;
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle;
    const name = isPlainObject(handle) ? textOf(handle.entity) : null;
    const entity = name ? ENTITIES[name] : undefined;
    if (entity) return entity;
  }
  throw new Error('An entity page was rendered outside an entity route');
}
