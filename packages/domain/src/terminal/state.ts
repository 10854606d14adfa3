import { z } from 'zod';
import { OFFLINE_AFTER_MISSED_HEARTBEATS } from './commands';
import { compartmentNumberSchema, describeOrigin, envelopeShape } from './envelope';

/** State a terminal publishes under `locker/{uuid}/state/…` (all Open-Locker's). */

/** Sent right after connecting, then every heartbeat_interval_seconds; non-retained, QoS 1. */
export const heartbeatStateSchema = z
  .looseObject({
    ...envelopeShape,
    uptime_seconds: z.int().min(0, 'uptime_seconds must be an integer ≥ 0'),
  })
  .meta(describeOrigin('open-locker', 'Heartbeat', 'A heartbeat means online; there is no "online" message.'));
export type HeartbeatState = z.infer<typeof heartbeatStateSchema>;

export const DOOR_STATES = ['open', 'closed', 'unknown'] as const;
export type DoorState = (typeof DOOR_STATES)[number];

export const compartmentDoorSchema = z
  .strictObject({
    compartment_number: compartmentNumberSchema,
    door_state: z.enum(DOOR_STATES, { error: 'door_state must be open, closed or unknown' }),
  })
  .meta(describeOrigin('open-locker', 'Compartment door state'));

/**
 * Retained full snapshot of every configured compartment, never a delta: published after the
 * first door poll and then only when a door changes, so the latest is always on the broker.
 */
export const compartmentsSnapshotSchema = z
  .looseObject({
    ...envelopeShape,
    compartments: z.array(compartmentDoorSchema),
  })
  .meta(describeOrigin('open-locker', 'Compartments snapshot', 'Retained full snapshot of all configured compartments, not a delta.'));
export type CompartmentsSnapshot = z.infer<typeof compartmentsSnapshotSchema>;

/**
 * The last will, published by the broker when the terminal crashes or loses the network (not on
 * a clean stop). Its timestamp is when the terminal connected, so the console uses its own clock
 * for the time the locker went offline.
 */
export const connectionLostStateSchema = z
  .looseObject({
    ...envelopeShape,
    status: z.literal('offline'),
    reason: z.string().min(1, 'reason must be a non-empty string'),
  })
  .meta(
    describeOrigin(
      'open-locker',
      'Connection lost (last will)',
      'Set as the MQTT last will; the broker publishes it when the terminal drops.',
    ),
  );
export type ConnectionLostState = z.infer<typeof connectionLostStateSchema>;

/**
 * Whether a locker last heard at `lastHeartbeatAt` is offline at `now`: after
 * OFFLINE_AFTER_MISSED_HEARTBEATS intervals without a heartbeat.
 */
export function isHeartbeatOverdue(
  lastHeartbeatAt: Date | undefined,
  now: Date,
  intervalSeconds: number,
  missedHeartbeats = OFFLINE_AFTER_MISSED_HEARTBEATS,
): boolean {
  if (!lastHeartbeatAt) return true;
  return now.getTime() - lastHeartbeatAt.getTime() > intervalSeconds * missedHeartbeats * 1000;
}
