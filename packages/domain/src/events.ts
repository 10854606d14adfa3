import { z } from 'zod';
import { COMPARTIMENT_STATUSES, MESSAGE_TEMPLATE_TRIGGERS, ORDER_STATUSES, ORDER_TYPES } from './entities/enums';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from './messaging';
import { PACKING_OUTCOMES, PACKING_STEPS } from './packing';
import type { Permission } from './permissions';
import { RELEASE_PAUSE_REASONS, RELEASE_STATUSES } from './releases/lifecycle';

/**
 * The domain events the console publishes, declared once: name and payload. The API publishes
 * them inside the transaction of the change (apps/api/src/platform/events.ts `publishEvent`) and
 * delivers them only after it commits: to durable handlers (one job each, retried) and to
 * in-process listeners (live browser updates). The web app may read the same shapes.
 * Payloads carry ids and what a handler needs to act, never secrets (tokens, passwords).
 */
/** Events recorded before orders named their carrier read as having none. */
const CARRIER_ID = z.uuid().nullable().default(null);

export const EVENTS = {
  /** A mail or SMS gave up after its attempts (or on a permanent refusal); the outbox shows why. */
  'message.failed': z.object({
    messageId: z.uuid(),
    channel: z.enum(['email', 'sms']),
    recipient: z.string(),
    error: z.string(),
    attempts: z.number().int().min(1),
  }),
  /** A mail or SMS left through its transport. */
  'message.sent': z.object({
    messageId: z.uuid(),
    channel: z.enum(['email', 'sms']),
    recipient: z.string(),
    attempts: z.number().int().min(1),
  }),
  /**
   * A message to an order's customer changed state (issue 27): queued, sent by its provider, delivered
   * or read as the provider reported, or failed for good. The order's communications tab follows it
   * live; the shippers' webhooks hear of deliveries and failures.
   */
  'orderMessage.statusChanged': z.object({
    messageId: z.uuid(),
    orderId: z.uuid(),
    companyId: z.uuid().nullable(),
    channel: z.enum(MESSAGE_CHANNELS),
    trigger: z.enum(MESSAGE_TEMPLATE_TRIGGERS),
    status: z.enum(MESSAGE_STATUSES),
    /** The provider's own reason, for a failure. */
    error: z.string().nullable(),
    at: z.string(),
  }),
  /** A locker went online (a heartbeat after silence) or offline (last will, or missed heartbeats). */
  'ebox.statusChanged': z.object({
    eboxId: z.uuid(),
    terminalId: z.string(),
    status: z.enum(['online', 'offline']),
    /** online: the heartbeat; last_will: the broker said it dropped; heartbeat_timeout: silence; disenrolled: its credentials were revoked. */
    reason: z.enum(['heartbeat', 'last_will', 'heartbeat_timeout', 'disenrolled']),
    at: z.string(),
  }),
  /**
   * A locker's relay mapping changed state (ebox.configStatus): applied, refused by its terminal, or
   * found wrong and not sent (issue 25). The locker page shows or clears its banner at once.
   */
  'ebox.configChanged': z.object({
    eboxId: z.uuid(),
    configStatus: z.enum(['pending', 'applied', 'refused', 'invalid']),
    configError: z.string().nullable(),
    at: z.string(),
  }),
  /** A compartment's door opened or closed, as its terminal reported it (at: the terminal's time). */
  'compartiment.doorEvent': z.object({
    eboxId: z.uuid(),
    compartimentId: z.uuid(),
    number: z.number().int(),
    event: z.enum(['door_opened', 'door_closed', 'door_opened_without_command']),
    at: z.string(),
  }),
  /**
   * An opening the console asked for did not open the door: the terminal answered it jammed or failed,
   * or never answered (issue 28: a door failure on the dashboard and its alerts).
   */
  'compartiment.openFailed': z.object({
    eboxId: z.uuid(),
    compartimentId: z.uuid(),
    number: z.number().int(),
    outcome: z.enum(['jammed', 'failed', 'unanswered']),
    at: z.string(),
  }),
  /**
   * A compartment's status changed by a command from the console: locked (DAMAGE) or released
   * (AVAILABLE). previousStatus lets a listener undo or explain the change without a read.
   */
  'compartiment.statusChanged': z.object({
    eboxId: z.uuid(),
    compartimentId: z.uuid(),
    number: z.number().int(),
    status: z.enum(COMPARTIMENT_STATUSES),
    previousStatus: z.enum(COMPARTIMENT_STATUSES),
    at: z.string(),
  }),
  /** An order was created or imported (its first history entry); the shippers' webhooks hear of it. */
  'order.created': z.object({
    orderId: z.uuid(),
    companyId: z.uuid().nullable(),
    /** The carrier: a distribution company's users follow the orders it carries (docs/decisions.md, "Operated orders"). */
    carrierId: CARRIER_ID,
    eboxId: z.uuid().nullable(),
    type: z.enum(ORDER_TYPES),
    status: z.enum(ORDER_STATUSES),
    trackingCode: z.string().nullable(),
    referenceNumber: z.string().nullable(),
    at: z.string(),
  }),
  /**
   * An order's status changed through the lifecycle machine (console, locker or job), committed with
   * its history row. `trigger`: 'terminal.COURIER', 'console.cancel', 'job.expireOverdue'...;
   * `at`: the trigger's own time (a locker's original time, even replayed after an outage).
   */
  'order.statusChanged': z.object({
    orderId: z.uuid(),
    /** What the order is known by outside (the shippers' webhooks name it so). */
    trackingCode: z.string().nullable(),
    referenceNumber: z.string().nullable(),
    companyId: z.uuid().nullable(),
    carrierId: CARRIER_ID,
    eboxId: z.uuid().nullable(),
    compartimentId: z.uuid().nullable(),
    type: z.enum(ORDER_TYPES),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    trigger: z.string(),
    at: z.string(),
  }),
  /**
   * What a courier did for one order of a packing at a locker (issue 30, item 3), as its terminal
   * reported it under the run's code, or the packing's finish marking what was left undone.
   * `companyId`: the packing's company, whose scope decides who hears of it.
   */
  'packing.progress': z.object({
    packingId: z.uuid(),
    companyId: z.uuid().nullable(),
    orderId: z.uuid(),
    eboxId: z.uuid().nullable(),
    step: z.enum(PACKING_STEPS),
    outcome: z.enum(PACKING_OUTCOMES),
    at: z.string(),
  }),
  /**
   * A software release changed status or stage (issue 31): started, a stage commanded, paused (and
   * why), resumed, completed, canceled. `companyId`: the release's company, whose scope decides who hears.
   */
  'terminalUiRelease.changed': z.object({
    releaseId: z.uuid(),
    companyId: z.uuid().nullable(),
    status: z.enum(RELEASE_STATUSES),
    pauseReason: z.enum(RELEASE_PAUSE_REASONS).nullable(),
    currentStage: z.int().nullable(),
    at: z.string(),
  }),
  /**
   * A bot's message was stored or its state moved (issue 32 item 5): a customer wrote, a reply was
   * written, sent, delivered, read or failed. The conversation screens follow it live.
   */
  'botMessage.changed': z.object({
    botId: z.uuid(),
    companyId: z.uuid().nullable(),
    waId: z.string(),
    messageId: z.uuid(),
    direction: z.enum(['in', 'out']),
    /** One of BOT_MESSAGE_STATUSES (bot/messages.ts). */
    status: z.string(),
    at: z.string(),
  }),
  /** One locker's update in a release moved (commanded, a progress step, timed out), with the terminal's reason of a failure. */
  'terminalUiRelease.lockerChanged': z.object({
    releaseId: z.uuid(),
    companyId: z.uuid().nullable(),
    eboxId: z.uuid(),
    stage: z.int(),
    /** One of SOFTWARE_UPDATE_STATES (terminal/software-update.ts, not imported: the console's first screen would carry the wire's schemas). */
    state: z.string(),
    attempt: z.int(),
    reason: z.string().nullable(),
    at: z.string(),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.output<(typeof EVENTS)[N]>;

/**
 * The events pushed to browsers (GET /live). A locker's events name it (`eboxId`), whose company
 * scope decides who receives them; an order's event names the order's company (`companyId`), which
 * decides it as the order's own scope does, without a read per event.
 */
export const LIVE_EVENTS = [
  'ebox.statusChanged',
  'ebox.configChanged',
  'compartiment.doorEvent',
  'compartiment.openFailed',
  'compartiment.statusChanged',
  // The order list says "N new" as orders arrive, rather than reloading under the reader.
  'order.created',
  'order.statusChanged',
  'orderMessage.statusChanged',
  // A packing's page follows its courier's run as the lockers report it.
  'packing.progress',
  // A release's page follows its stages and each locker's update.
  'terminalUiRelease.changed',
  'terminalUiRelease.lockerChanged',
  // A bot's conversation screens follow its messages.
  'botMessage.changed',
] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];
/** The permission a browser needs to receive each live event (GET /live itself asks one of them). */
export const LIVE_EVENT_PERMISSIONS = {
  'ebox.statusChanged': 'eboxRead',
  'ebox.configChanged': 'eboxRead',
  'compartiment.doorEvent': 'eboxRead',
  'compartiment.openFailed': 'eboxRead',
  'compartiment.statusChanged': 'eboxRead',
  'order.created': 'orderRead',
  'order.statusChanged': 'orderRead',
  'orderMessage.statusChanged': 'orderRead',
  'packing.progress': 'packingRead',
  'terminalUiRelease.changed': 'terminalUiReleaseRead',
  'terminalUiRelease.lockerChanged': 'terminalUiReleaseRead',
  'botMessage.changed': 'botRead',
} as const satisfies Record<LiveEventName, Permission>;
export type LiveEvent = { [N in LiveEventName]: { name: N; payload: EventPayload<N> } }[LiveEventName];
