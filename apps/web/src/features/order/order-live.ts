import { DECLARED_ENTITIES, type EventPayload } from '@ebox/domain';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { type LiveMessage, useLiveEvents } from '../../app/live-events';
import { type EntityRecord, endpointsOf, entityKeys, type ListResult } from '../../kit/entity-api';

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

const ORDER_LISTS: QueryKey = [...entityKeys.all('order'), 'list'];

/** The cached order list pages that hold `orderId`. */
function listsShowing(queryClient: QueryClient, orderId: string): QueryKey[] {
  return queryClient
    .getQueriesData<ListResult>({ queryKey: ORDER_LISTS })
    .filter(([, data]) => data?.rows?.some((row) => row.id === orderId))
    .map(([key]) => key);
}

function patchRow(queryClient: QueryClient, keys: QueryKey[], orderId: string, patch: Partial<EntityRecord>): void {
  for (const key of keys) {
    queryClient.setQueryData<ListResult>(key, (old) =>
      old ? { ...old, rows: old.rows.map((row) => (row.id === orderId ? { ...row, ...patch } : row)) } : old,
    );
  }
}

const NO_NEWS = { created: new Set<string>(), changed: new Set<string>() };

export type OrderListNews = {
  /** Orders created since the list was read. */
  created: number;
  /** Orders not on the page whose status changed since (they may now match its filters, or no longer). */
  changed: number;
  /** Reads the list again and forgets the news. */
  refresh: () => void;
};

/**
 * The order list's live side (issue 29, item 4): a reader's rows never move under them. An order
 * on the page takes its new status at once and its stamps (the time in the locker) from its own
 * record, in place; new orders, and changes to orders elsewhere, are counted for a "3 new orders"
 * notice that reads the list again when clicked. A reconnection reloads nothing either: a quiet
 * stream is closed and opened again every 10 minutes (docs/live-push.md), and reloading then would
 * make the very jump this avoids.
 */
export function useOrderListLive(): OrderListNews {
  const queryClient = useQueryClient();
  const [news, setNews] = useState<{ created: ReadonlySet<string>; changed: ReadonlySet<string> }>(NO_NEWS);
  useLiveEvents((message: LiveMessage) => {
    if (message.name === 'order.created') {
      const { orderId } = message.payload;
      if (listsShowing(queryClient, orderId).length) return;
      setNews((old) => (old.created.has(orderId) ? old : { ...old, created: new Set([...old.created, orderId]) }));
      return;
    }
    if (message.name !== 'order.statusChanged') return;
    const { orderId, to } = message.payload;
    const keys = listsShowing(queryClient, orderId);
    if (!keys.length) {
      // A new order moving on is still one new order.
      setNews((old) =>
        old.created.has(orderId) || old.changed.has(orderId) ? old : { ...old, changed: new Set([...old.changed, orderId]) },
      );
      return;
    }
    patchRow(queryClient, keys, orderId, { status: to });
    void endpointsOf(DECLARED_ENTITIES.order)
      .find(orderId)
      .then((fresh) => patchRow(queryClient, listsShowing(queryClient, orderId), orderId, fresh))
      // The status is already right; the stamps follow with the next read of the list.
      .catch(() => {});
  });
  const refresh = useCallback(() => {
    setNews(NO_NEWS);
    void queryClient.invalidateQueries({ queryKey: ORDER_LISTS });
  }, [queryClient]);
  return { created: news.created.size, changed: news.changed.size, refresh };
}
