import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { entityKeys } from '../../kit/entity-api';

/** One row of GET /order/{id}/history. */
export type HistoryEntry = {
  id: string;
  /** null: the order's creation. */
  from: string | null;
  to: string | null;
  refused: boolean;
  trigger: string;
  reason: string | null;
  refusal: string | null;
  actor: { kind: string; id: string | null; label: string };
  at: string;
  recordedAt: string;
};

/** Under the order's keys: whatever reads the order again (a live change, an action) reads its history too. */
const historyKey = (id: string) => [...entityKeys.all('order'), 'history', id];

/** The order's history, read once for the page's banner and its timeline. */
export function useOrderHistory(orderId: string) {
  return useQuery({ queryKey: historyKey(orderId), queryFn: () => api.get<HistoryEntry[]>(`/order/${orderId}/history`) });
}
