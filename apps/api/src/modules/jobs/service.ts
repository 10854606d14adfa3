import { authorize, dbOf, type ServiceContext } from '../../platform/context';
import { countJobsByQueue, type JobFailure, latestJobFailures, type QueueCounts } from '../../platform/jobs/repository';

export type QueueState = { queues: QueueCounts[]; failures: JobFailure[] };

/** The job queue as the owner reads it beside the outbox: counts per job and state, latest failures. */
export async function readQueueState(ctx: ServiceContext): Promise<QueueState> {
  authorize(ctx, 'settingsEdit');
  const db = dbOf(ctx);
  const [queues, failures] = await Promise.all([
    countJobsByQueue(
      db,
      ctx.deps.modules.jobs.map((job) => job.name),
    ),
    latestJobFailures(db, 10),
  ]);
  return { queues, failures };
}
