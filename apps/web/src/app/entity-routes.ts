import type { Permission } from '@ebox/domain';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { buildEntityRoutes } from '../kit/entity-routes';
import type { EntityRouteHandle } from '../kit/route-entity';
import { ENTITY_PAGES } from './entity-pages';

/**
 * The private routes of the declared entities (the kit's, with the screens app/entity-pages.ts
 * registers) and of IAM: a chunk of their own, which router.tsx loads as the console starts with
 * a stored session and on the first navigation that needs them otherwise.
 */

type PageModule = { default: ComponentType };

function page(path: string, permission: Permission, load: () => Promise<PageModule>): RouteObject {
  return { path, handle: { permission } satisfies EntityRouteHandle, lazy: async () => ({ Component: (await load()).default }) };
}

/** Spec 2.6 /iam (+new, importer, :id/edit, :id); users are not a generic resource (spec 7.2). */
const iamRoutes: RouteObject[] = [
  page('/iam', 'iamRead', () => import('../features/iam/iam-list-page')),
  page('/iam/new', 'iamCreate', () => import('../features/iam/iam-new-page')),
  page('/iam/importer', 'iamImport', () => import('../features/iam/iam-importer-page')),
  page('/iam/:id/edit', 'iamEdit', () => import('../features/iam/iam-edit-page')),
  page('/iam/:id', 'iamRead', () => import('../features/iam/iam-view-page')),
];

/** Spec 2.6 /ebox/:id/clone: a new locker's form filled from this one. */
const eboxCloneRoute: RouteObject = {
  path: '/ebox/:id/clone',
  handle: { permission: 'eboxCreate', entity: 'ebox' } satisfies EntityRouteHandle,
  lazy: async () => ({ Component: (await import('../features/ebox/ebox-clone-page')).default }),
};

/**
 * Spec 2.6 /bot/:id/messages and /bot/:id/messages/:phoneNumber (botRead): one route, the phone
 * optional, so the conversations and a thread share their chunk (features/bot-messages).
 */
const botMessagesRoute: RouteObject = {
  path: '/bot/:id/messages/:phoneNumber?',
  handle: { permission: 'botRead', entity: 'bot' } satisfies EntityRouteHandle,
  lazy: async () => ({ Component: (await import('../features/bot-messages/bot-messages-page')).default }),
};

export const entityRoutes: RouteObject[] = [
  // The kit's list comes with the private layout, in one chunk: a list opened first needs both.
  ...buildEntityRoutes(ENTITY_PAGES, () => import('./console-pages').then((m) => m.EntityListPage)),
  eboxCloneRoute,
  botMessagesRoute,
  ...iamRoutes,
];
