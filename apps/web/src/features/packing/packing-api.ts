import type { OrderStatus, OrderType, PackingOutcome, PackingPicking, PackingStep } from '@ebox/domain';
import { api, download } from '../../app/api-client';
import { entityKeys } from '../../kit/entity-api';

/** The packing's own calls (docs/api-contract.md "Packing (issue 30)"), typed as the API answers them. */

export type PackingLocker = { id: string; code: string; name: string };

export type StepMetrics = {
  step: PackingStep;
  total: number;
  lockers: { ebox: PackingLocker | null; count: number; fits: number; notFitting: number }[];
};

export type StepRow = {
  id: string;
  step: PackingStep;
  trackingCode: string;
  type: OrderType;
  status: OrderStatus;
  company: string | null;
  ebox: PackingLocker | null;
  compartimentSize: string | null;
  compartimentNumber: number | null;
  customerName: string | null;
  invoiceNumber: string | null;
  updatedAt: string;
  hasChange: boolean;
  target: { id: string; number: number } | null;
  notFitting: string | null;
};

export type PackingRow = {
  id: string;
  orderId: string;
  trackingCode: string;
  type: OrderType;
  status: OrderStatus;
  step: PackingStep;
  position: number;
  ebox: PackingLocker | null;
  compartimentSize: string | null;
  compartimentNumber: number | null;
  target: { id: string | null; number: number } | null;
  previousCompartimentNumber: number | null;
  notFitting: string | null;
  invoiceNumber: string | null;
  customerName: string | null;
  hasChange: boolean;
  outcome: PackingOutcome | null;
};

/** The filter of a step's list and of the metrics: some lockers, a tracking code's start. */
export type StepFilter = { ebox?: string[]; trackingCode?: string };

export type NewPacking = {
  company: string;
  warehouse: string;
  picking: PackingPicking;
  orders: string[];
  operator?: string;
  route?: string;
  name?: string;
  notes?: string;
};

/** The most rows the API answers in one step page (select-all of a locker reads its rows so). */
const STEP_PAGE_MAX = 200;

function filterQuery(filter: StepFilter): Record<string, string | string[]> {
  return {
    ...(filter.ebox?.length ? { ebox: filter.ebox } : {}),
    ...(filter.trackingCode ? { trackingCode: filter.trackingCode } : {}),
  };
}

export const packingKeys = {
  metrics: (filter: StepFilter) => [...entityKeys.all('packing'), 'metrics', filter] as const,
  step: (step: PackingStep, filter: StepFilter, page: number) => [...entityKeys.all('packing'), 'step', step, filter, page] as const,
  orders: (id: string) => [...entityKeys.all('packing'), 'orders', id] as const,
};

export const fetchMetrics = (filter: StepFilter) =>
  api.get<{ steps: StepMetrics[] }>('/packing/metrics', { filter: filterQuery(filter) }).then((answer) => answer.steps);

export const fetchStepPage = (step: PackingStep, filter: StepFilter, offset: number, limit: number) =>
  api.get<{ rows: StepRow[]; count: number }>(`/packing/steps/${step}`, { filter: filterQuery(filter), offset, limit });

/** Every row of a step under a filter (one locker's, for its select-all), 200 a call. */
export async function fetchAllStepRows(step: PackingStep, filter: StepFilter): Promise<StepRow[]> {
  const rows: StepRow[] = [];
  for (let offset = 0; ; offset += STEP_PAGE_MAX) {
    const page = await fetchStepPage(step, filter, offset, STEP_PAGE_MAX);
    rows.push(...page.rows);
    if (page.rows.length < STEP_PAGE_MAX || rows.length >= page.count) return rows;
  }
}

export const createPacking = (data: NewPacking) => api.post<{ id: string }>('/packing', { data });

export const fetchPackingRows = (id: string) => api.get<{ rows: PackingRow[]; count: number }>(`/packing/${encodeURIComponent(id)}/orders`);

export const finishPacking = (id: string) => api.put(`/packing/finish/${encodeURIComponent(id)}`, { id, data: {} });

export const downloadRomaneio = (id: string) => download(`/packing/${encodeURIComponent(id)}/romaneio`);
