import { orderMessageEntity } from '@ebox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import { api } from '../../app/api-client';
import { useErrorHandler } from '../../app/error-handler';
import { useLiveEvents } from '../../app/live-events';
import { entityKeys, type ListResult } from '../../kit/entity-api';
import { enumLabel } from '../../kit/entity-labels';
import { isOrderMessage } from './message-parts';

/** More than an order ever gets (a message per channel on each of its moments, and the sends asked for). */
const ORDER_MESSAGES_LIMIT = 100;

/** Under the message log's own keys, so whatever reloads the log reloads the card too. */
export const orderMessagesKey = (orderId: string) => [...entityKeys.all(orderMessageEntity.name), 'order', orderId];

/** The order's messages, newest first (GET /order-message?filter[order]=). */
export function useOrderMessages(orderId: string) {
  const handleError = useErrorHandler();
  const query = useQuery({
    queryKey: orderMessagesKey(orderId),
    queryFn: async () => {
      const answer = await api.get<ListResult>(`/${orderMessageEntity.path}`, {
        filter: { order: orderId },
        orderBy: 'createdAt_DESC',
        limit: ORDER_MESSAGES_LIMIT,
        offset: 0,
      });
      return answer.rows.filter(isOrderMessage);
    },
  });
  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error, handleError]);
  return query;
}

/**
 * Keeps the order's messages true to the pushed `orderMessage.statusChanged` (GET /live, no
 * polling): the list is read again on each change of one of them, and after each (re)connection,
 * since changes may have been missed meanwhile. The change is said to screen reader users.
 */
export function useOrderMessagesLive(orderId: string): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.name === 'ready') {
      void queryClient.invalidateQueries({ queryKey: orderMessagesKey(orderId) });
      return;
    }
    if (event.name !== 'orderMessage.statusChanged' || event.payload.orderId !== orderId) return;
    void queryClient.invalidateQueries({ queryKey: orderMessagesKey(orderId) });
    const change = event.payload;
    announce(
      t('communications.live.changed', {
        channel: enumLabel(t, orderMessageEntity, 'channel', change.channel),
        status: enumLabel(t, orderMessageEntity, 'status', change.status),
      }),
    );
  });
}
