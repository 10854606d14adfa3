import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import type { BulkActionContext } from './entity-list';

/**
 * Buttons a feature adds to the kit's list of an entity, acting on the selected rows (the order's
 * "Print tags"), so the list stays the kit's own page (its first page still asked as the console
 * starts). Each is loaded with the list, as its own chunk.
 */
const BULK_ACTIONS: Record<string, LazyExoticComponent<ComponentType<BulkActionContext>>> = {
  order: lazy(() => import('../../features/order/order-tags-button').then((m) => ({ default: m.OrderTagsButton }))),
};

export function bulkActionsOf(entityName: string): ((context: BulkActionContext) => ReactNode) | undefined {
  const Actions = BULK_ACTIONS[entityName];
  if (!Actions) return undefined;
  return (context) => (
    <Suspense fallback={null}>
      <Actions {...context} />
    </Suspense>
  );
}
