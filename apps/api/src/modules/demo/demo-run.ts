import { PACKING_STEPS } from '@ebox/domain';
import { orderByDistance } from '@ebox/domain/routes/order-by-distance';
import { serviceOf } from '../../kit/service';
import type { TxContext } from '../../platform/context';
import { listPackingStep } from '../packing/service';
import { DEMO_LOCKERS } from './demo-data';

/**
 * The demo's warehouse chain (issue 30): the distribution company's route through the demo lockers,
 * ordered by distance as an operator would, and this morning's packing of every parcel waiting for a
 * run (deliveries received at the warehouse that fit their locker, expired parcels and customers'
 * returns and sends to collect). The simulated lockers then play its courier's visit, so the
 * packing's page fills in live after `npm start`.
 */
export async function seedDemoRun(
  ctx: TxContext,
  ids: { company: string; warehouse: string; lockers: Record<string, string> },
): Promise<void> {
  const stops = DEMO_LOCKERS.flatMap((locker) => {
    const id = ids.lockers[locker.data.code];
    const at = (locker.data as { coordinates?: { latitude: number; longitude: number } }).coordinates;
    return id ? [{ id, latitude: at?.latitude, longitude: at?.longitude }] : [];
  });
  const route = await serviceOf('route').create(ctx, {
    name: 'Zona Sul e Centro',
    company: ids.company,
    ebox: orderByDistance(stops).order,
    notes: 'Saída do CD Duque de Caxias às 07:00; estacionamento de carga em cada shopping.',
  });
  const orders: string[] = [];
  for (const step of PACKING_STEPS) {
    const { rows } = await listPackingStep(ctx, step, { limit: 200 });
    orders.push(...rows.filter((row) => step !== 'delivery' || row.target).map((row) => row.id));
  }
  if (orders.length === 0) return;
  await serviceOf('packing').create(ctx, {
    name: 'Romaneio da manhã',
    company: ids.company,
    warehouse: ids.warehouse,
    picking: 'collectDelivery',
    route: route.id,
    orders,
    notes: 'Conferir os lacres antes de sair.',
  });
}
