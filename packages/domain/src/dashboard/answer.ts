import { z } from 'zod';
import { MESSAGE_TEMPLATE_TRIGGERS, ORDER_TYPES } from '../entities/enums';
import { MESSAGE_CHANNELS } from '../messaging';
import { AGE_BUCKETS } from './age-buckets';
import { dashboardAlertSchema, dashboardFailingDoorSchema } from './alerts';
import { DASHBOARD_PERIODS } from './periods';

/**
 * GET /dashboard's query and answer (issue 28, docs/dashboard.md): declared once, so the API
 * validates and publishes it (OpenAPI) and the page reads the same types.
 */

const id = z.uuid();

export const dashboardQuerySchema = z.object({
  filter: z
    .object({
      period: z.enum(DASHBOARD_PERIODS).optional(),
      company: id.optional(),
      ebox: id.optional(),
      cluster: id.optional(),
    })
    .strict()
    .optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A figure in the period and in the previous period cut at the same point (null: nothing to measure). */
const figure = z.object({ value: z.number().nullable(), previous: z.number().nullable() });
export type DashboardFigure = z.infer<typeof figure>;

const bounds = z.object({ from: z.string(), to: z.string() });

/** The figures of one order type, one carrier, one day or one month. */
const counts = {
  stored: z.number().int(),
  collected: z.number().int(),
  expired: z.number().int(),
};
const dwell = { dwellP50: z.number().nullable(), dwellP95: z.number().nullable() };

const lockerUse = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  compartments: z.number().int(),
  deposits: z.number().int(),
  pickups: z.number().int(),
  expiries: z.number().int(),
  /** Parcels deposited per day per enabled compartment, averaged over the period's days (null: no compartment). */
  utilization: z.number().nullable(),
});
export type DashboardLockerUse = z.infer<typeof lockerUse>;

const occupancy = z.object({
  enabled: z.number().int(),
  occupied: z.number().int(),
  booked: z.number().int(),
  available: z.number().int(),
  damaged: z.number().int(),
  dirty: z.number().int(),
  /** (occupied + booked) / enabled compartments (null: none enabled). */
  rate: z.number().nullable(),
});
export type DashboardOccupancy = z.infer<typeof occupancy>;

export const dashboardAnswerSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  previous: bounds,
  step: z.enum(['day', 'month']),
  /** When the figures were read. */
  asOf: z.string(),
  filter: z.object({ company: z.string().nullable(), ebox: z.string().nullable(), cluster: z.string().nullable() }),
  figures: z.object({
    /** Orders created (null with a locker filter: an order counts at its locker once deposited). */
    created: figure,
    canceled: figure,
    stored: figure,
    collected: figure,
    expired: figure,
    /** Expired over stored, 0 to 1. */
    uncollectedRate: figure,
    /** Dwell times in seconds (storedAt → picked up), from the summed histograms. */
    dwellP50: figure,
    dwellP90: figure,
    dwellP95: figure,
  }),
  /** One point per day (per month for the year periods), `at` its first day (YYYY-MM-DD). */
  series: z.array(z.object({ at: z.string(), ...counts, ...dwell })),
  /** The period's dwell times by histogram bucket (only buckets with parcels), edges in seconds. */
  dwellHistogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  byType: z.array(z.object({ type: z.enum(ORDER_TYPES), ...counts, ...dwell })),
  byCarrier: z.array(
    z.object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      ...counts,
      /** The hours the carrier promises from inbound to stored (its company setting carrierPromiseHours, else DEFAULT_CARRIER_PROMISE_HOURS). */
      promiseHours: z.number(),
      /** Of its parcels stored in the period after an inbound, the share stored within the promise (0 to 1; null: none). */
      storedInTime: z.number().nullable(),
      /** The 95th percentile of inbound → stored, in seconds. */
      inboundToStoredP95: z.number().nullable(),
    }),
  ),
  lockers: z.object({ mostUsed: z.array(lockerUse), leastUsed: z.array(lockerUse) }),
  now: z.object({
    occupancy,
    bySize: z.array(occupancy.extend({ size: z.string() })),
    byCluster: z.array(occupancy.extend({ id: z.string(), name: z.string() })),
    lockers: z.object({
      online: z.number().int(),
      offline: z.number().int(),
      /** Offline lockers, silent longest first. */
      offlineList: z.array(
        z.object({ id: z.string(), name: z.string(), code: z.string().nullable(), lastHeartBeat: z.string().nullable() }),
      ),
    }),
    /** Parcels in a locker now, by how long they have been there. */
    aged: z.array(z.object({ bucket: z.enum(AGE_BUCKETS), count: z.number().int() })),
    /** The longest-waiting parcels, to act on. */
    oldest: z.array(
      z.object({
        id: z.string(),
        trackingCode: z.string(),
        status: z.string(),
        storedAt: z.string(),
        ebox: z.object({ id: z.string(), name: z.string() }).nullable(),
      }),
    ),
  }),
  /** The customers' messages of the period by channel and trigger: how many were sent, delivered, read, failed. */
  messages: z.array(
    z.object({
      channel: z.enum(MESSAGE_CHANNELS),
      trigger: z.enum(MESSAGE_TEMPLATE_TRIGGERS),
      sent: z.number().int(),
      delivered: z.number().int(),
      read: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  /**
   * The lockers' availability in the period: minutes offline summed over the enabled lockers, the
   * share of their time online (1 - offline / (lockers × the period's minutes so far)), and the
   * lockers offline longest (ten at most) with how many times they went offline.
   */
  availability: z.object({
    offlineMinutes: figure,
    rate: figure,
    lockers: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        code: z.string().nullable(),
        offlineMinutes: z.number().int(),
        outages: z.number().int(),
      }),
    ),
  }),
  /**
   * The weekday × hour grid of the period's last four weeks at most (`from`, `to`), on the network's
   * clock: 7 rows from Sunday, 24 columns from 00:00. `pickups`: parcels picked up in each hour;
   * `free`: the counted lockers' free compartments on average in that hour (null: not sampled).
   */
  weekGrid: z.object({
    from: z.string(),
    to: z.string(),
    pickups: z.array(z.array(z.number().int())),
    free: z.array(z.array(z.number().nullable())),
  }),
  /**
   * Occupancy over the period, from the hourly samples: (occupied + booked) / enabled compartments of
   * the counted lockers together. `step` 'hour' (today, yesterday): a point per hour, `at` its start
   * (ISO); 'day' (longer periods): a point per day on the network's clock, `at` YYYY-MM-DD, `rate`
   * the mean of that day's hourly rates. At most 90 days back (samples are kept 90 days): `from` and
   * `to` are the stretch drawn. `rate` null: no sample taken (or no enabled compartment).
   */
  occupancyHistory: z.object({
    step: z.enum(['hour', 'day']),
    from: z.string(),
    to: z.string(),
    points: z.array(z.object({ at: z.string(), rate: z.number().nullable() })),
  }),
  /**
   * Full lockers: bookings refused in the period because no compartment of the size was free, against
   * the previous period, and the lockers refusing most (ten at most) by size.
   */
  fullLockers: z.object({
    refusals: figure,
    lockers: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        code: z.string().nullable(),
        refusals: z.number().int(),
        bySize: z.array(z.object({ size: z.string(), count: z.number().int() })),
      }),
    ),
  }),
  /** The period's door failures, the doors failing most (ten at most), compartments in DAMAGE now. */
  doors: z.object({
    failures: figure,
    failing: z.array(dashboardFailingDoorSchema),
    damagedNow: z.number().int(),
  }),
  /** The alerts open now (fifty at most, critical first, oldest first) and how many of each level. */
  alerts: z.object({
    open: z.array(dashboardAlertSchema),
    warning: z.number().int(),
    critical: z.number().int(),
  }),
  /** Approved payments arrive with payments (issue 32): until then `available` is false. */
  revenue: z.object({ available: z.boolean() }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
