import { DECLARED_ENTITIES, isPlainObject, type LiveEvent, type LiveEventName } from '@ebox/domain';
import type { FastifyBaseLogger } from 'fastify';
import { findRowsInScope, resourceOf } from '../../kit/repository';
import type { CompanyScope } from '../access';
import type { Db } from '../db/client';
import { type ChannelListener, listenToChannel } from '../db/listen';
import { LIVE_CHANNEL, parseLiveEvent } from '../events';

/**
 * The browsers' side of the domain events (GET /live): every API process LISTENs on one dedicated
 * connection for the NOTIFY that publishEvent sends in the change's transaction, so an event handled
 * by any process reaches browsers connected to every process. Each connected browser gets only the
 * events it holds the read permission of (LIVE_EVENT_PERMISSIONS): a locker's events when its
 * company scope (with its company's locker group) lets it see the locker, an order's when the
 * order's company is in its scope (the event names it, so no read per event).
 */

export type LiveSubscriber = {
  scope: CompanyScope;
  /** The live events this browser may receive by its permissions. */
  events: ReadonlySet<LiveEventName>;
  send: (event: LiveEvent) => void;
};

export type LiveHub = {
  /** Starts listening on first use; answers how to stop receiving. */
  subscribe(subscriber: LiveSubscriber): () => void;
  /** How many browsers this process pushes to (tests and metrics). */
  readonly size: number;
  close(): Promise<void>;
};

const RECONNECT_MS = 1_000;
/** A locker's visibility for a scope is asked once per this time, not once per event and browser. */
const VISIBILITY_TTL_MS = 10_000;

export function createLiveHub(options: { db: Db; log: FastifyBaseLogger }): LiveHub {
  const { db, log } = options;
  const subscribers = new Set<LiveSubscriber>();
  const visibility = new Map<string, { at: number; visible: Promise<boolean> }>();
  /** One LISTEN connection, opened when the first browser connects. */
  let listener: ChannelListener | null = null;
  let closed = false;

  const visibleTo = (scope: CompanyScope, eboxId: string): Promise<boolean> => {
    if (!scope.companyIds) return Promise.resolve(true);
    const key = `${[...scope.companyIds].sort().join(',')}|${eboxId}`;
    const now = Date.now();
    const cached = visibility.get(key);
    if (cached && now - cached.at < VISIBILITY_TTL_MS) return cached.visible;
    if (visibility.size > 10_000) visibility.clear();
    const visible = findRowsInScope(db, resourceOf(DECLARED_ENTITIES.ebox), [eboxId], scope)
      .then((rows) => rows.length > 0)
      .catch((error: unknown) => {
        log.warn({ err: error }, 'live: scope check failed');
        visibility.delete(key);
        return false;
      });
    visibility.set(key, { at: now, visible });
    return visible;
  };

  /**
   * An order's (and a packing's) scope is its company: a limited user sees only its companies'
   * records, and the orders its distribution companies carry (the event names the carrier).
   */
  const orderVisibleTo = (scope: CompanyScope, companyId: string | null, carrierId: string | null = null): boolean =>
    !scope.companyIds ||
    (companyId !== null && scope.companyIds.includes(companyId)) ||
    (carrierId !== null && scope.operatorIds?.includes(carrierId) === true);

  const deliver = (raw: string) => {
    let event: LiveEvent;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isPlainObject(parsed)) throw new Error('a notification that is not an object');
      const live = parseLiveEvent(parsed.name, parsed.payload);
      if (!live) return;
      event = live;
    } catch (error) {
      log.warn({ err: error }, 'live: malformed notification');
      return;
    }
    for (const subscriber of subscribers) {
      if (!subscriber.events.has(event.name)) continue;
      if (event.name === 'order.created' || event.name === 'order.statusChanged') {
        if (orderVisibleTo(subscriber.scope, event.payload.companyId, event.payload.carrierId)) subscriber.send(event);
        continue;
      }
      if (
        event.name === 'orderMessage.statusChanged' ||
        event.name === 'packing.progress' ||
        event.name === 'terminalUiRelease.changed' ||
        event.name === 'terminalUiRelease.lockerChanged' ||
        event.name === 'botMessage.changed'
      ) {
        if (orderVisibleTo(subscriber.scope, event.payload.companyId)) subscriber.send(event);
        continue;
      }
      void visibleTo(subscriber.scope, event.payload.eboxId).then((visible) => {
        if (visible && subscribers.has(subscriber)) subscriber.send(event);
      });
    }
  };

  return {
    subscribe(subscriber) {
      if (!listener && !closed)
        listener = listenToChannel(db, { channel: LIVE_CHANNEL, onPayload: deliver, log, reconnectMs: RECONNECT_MS });
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    get size() {
      return subscribers.size;
    },
    async close() {
      closed = true;
      subscribers.clear();
      await listener?.close();
    },
  };
}
