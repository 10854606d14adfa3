import { inTransaction, type ServiceContext } from '../../platform/context';
import { moveOrder } from './lifecycle-service';
import { lockOverdueOrders } from './repository';

const BATCH = 100;

/**
 * The `orders.expire-overdue` job: every order past its overdue date that the machine expires is
 * moved by `job.expireOverdue`, stamped with its overdue date (when it expired, not when the job
 * ran), in batches of one transaction each. Rows are taken with SKIP LOCKED, so a run that overlaps
 * another (or a locker moving the same order) never moves an order twice.
 */
export async function run(ctx: ServiceContext): Promise<void> {
  const now = new Date();
  for (;;) {
    const moved = await inTransaction(ctx, async (tx) => {
      const orders = await lockOverdueOrders(tx.tx, now, BATCH);
      for (const before of orders) {
        await moveOrder(tx, before, { kind: 'job', job: 'expireOverdue' }, { at: new Date(String(before.overdueDate)) });
      }
      return orders.length;
    });
    if (moved < BATCH) return;
  }
}
