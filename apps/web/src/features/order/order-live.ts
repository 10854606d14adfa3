import type { EventPayload } from '@ebox/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { type EntityRecord, entityKeys, type ListResult } from '../../kit/entity-api';

export type OrderStatusChange = EventPayload<'order.statusChanged'>;

/** The order queries holding `orderId`: its record, its history and every cached list page showing it. */
function queriesShowing(queryClient: ReturnType<typeof useQueryClient>, orderId: string): QueryKey[] {
  const keys: QueryKey[] = [entityKeys.find('order', orderId), [...entityKeys.all('order'), 'history', orderId]];
  for (const [key, data] of queryClient.getQueriesData<ListResult>({ queryKey: [...entityKeys.all('order'), 'list'] })) {
    if (data?.rows?.some((row) => row.id === orderId)) keys.push(key);
  }
  return keys;
}

/**
 * Keeps the order screens true to the pushed `order.statusChanged` (GET /live, no polling): the
 * order's status changes at once in every cached query showing it (its page, the list pages it is
 * on), then those queries, and only those, are read again for the stamps and the history. After
 * each (re)connection the orders are read again, since changes may have been missed meanwhile.
 * `onChange` hears of each change to an order shown (to say it to screen reader users).
 */
export function useOrderLive(onChange?: (change: OrderStatusChange) => void): void {
  const queryClient = useQueryClient();
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'ready') {
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('order') });
      return;
    }
    if (message.name !== 'order.statusChanged') return;
    const change = message.payload;
    const keys = queriesShowing(queryClient, change.orderId);
    // An order no screen holds is none of this tab's business.
    if (keys.length === 2 && queryClient.getQueryData(entityKeys.find('order', change.orderId)) === undefined) return;
    queryClient.setQueryData<EntityRecord>(entityKeys.find('order', change.orderId), (old) => (old ? { ...old, status: change.to } : old));
    for (const key of keys.slice(2)) {
      queryClient.setQueryData<ListResult>(key, (old) =>
        old ? { ...old, rows: old.rows.map((row) => (row.id === change.orderId ? { ...row, status: change.to } : row)) } : old,
      );
    }
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey, exact: true });
    onChange?.(change);
  });
}
